// Issue 17 item 6: each project's sample sheet (its columns, one example row, a notes row) saved as CSV and
// as Excel through the core's save dialog, then read back by the app's own import: one row, no problem, the
// notes row skipped (its first cell starts "# "); a hashtag or a colour in a first cell stays a row; the
// CSV formula guard still holds for what a project's labels say.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { tableCsv } from '../../../electron/core/batches/batch-export';
import { readSheet } from '../../../electron/core/batches/read-sheet';
import { sampleColumns, sampleTable } from '../../../electron/core/batches/sample-sheet';
import type { Channel } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, makeTestSeed } from '../../fixtures/test-seed';

let dir: string;
let core: AppCore;
const saved: string[] = [];
const call = async <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jrs-sample-'));
  core = await createAppCore({
    dataDir: join(dir, 'data'),
    downloadsDir: join(dir, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(makeTestSeed()),
    dialogs: {
      async chooseSaveFile({ defaultName }) {
        const path = join(dir, defaultName);
        saved.push(path);
        return path;
      },
    },
  });
});
afterEach(async () => {
  saved.splice(0);
  await core.dispose();
  await rm(dir, { recursive: true, force: true });
});

it('lists the columns a project expects: Name, then each field with what it takes', async () => {
  value(await call('accounts:useSandbox'));
  const columns = value(await call('imports:columns', { projectId: IDS.video }));
  expect(columns.map((column) => [column.header, column.kind, column.optional])).toEqual([
    ['Name', 'name', true],
    ['Headline', 'text', false],
    ['Photo', 'image', false],
    ['Voice-over', 'audio', false],
    ['Background music', 'music', true],
    ['Music volume', 'volume', true],
    ['Music start (seconds)', 'start', true],
  ]);
  // A banner's headline: how much of it shows well is said (text-fit.ts); a video's script has no such figure.
  const banner = value(await call('imports:columns', { projectId: IDS.image }));
  expect(banner.find((column) => column.header === 'Headline')?.expects).toBe(
    'Text; a banner shows about 60 characters well',
  );
  expect(columns.find((column) => column.header === 'Headline')?.expects).toBe('Text');
  expect(columns.find((column) => column.kind === 'image')?.expects).toMatch(
    /^A picture: its file name in the folder you drop with the sheet .*or a web address \(https:\/\/…\)$/,
  );
});

for (const format of ['csv', 'xlsx'] as const) {
  it(`saves a ${format} sample sheet per project that the import reads back as one clean row`, async () => {
    value(await call('accounts:useSandbox'));
    for (const projectId of [IDS.video, IDS.image, IDS.tts]) {
      const { path } = value(await call('imports:saveSample', { projectId, format }));
      expect(path).toMatch(new RegExp(`sample sheet\\.${format}$`));
      const bytes = await readFile(path!);
      // The notes row is in the file, under the header, marked so the import skips it.
      const raw =
        format === 'csv'
          ? bytes
              .toString('utf8')
              .replace(/^\uFEFF/, '')
              .split('\r\n')
          : XLSX.utils.sheet_to_csv(XLSX.read(bytes).Sheets['Rows']!).split('\n');
      expect(raw[2]).toMatch(/^"?# What to call the row/);

      const preview = value(
        await call('imports:open', { projectId, sheet: { kind: 'path', path: path! }, files: [] }),
      );
      expect(preview.sheet.rows).toHaveLength(1);
      expect(preview.sheet.lines).toEqual([2]);
      expect(preview.issues).toEqual([]);
      expect(preview.ready).toBe(1);
      expect(preview.unmatchedFields).toEqual([]);
      expect(preview.unmatchedColumns).toEqual(['Name']);
      value(await call('imports:close', { importId: preview.importId }));
    }
  });
}

it('skips a notes row ("# …") but keeps a first cell that is a hashtag or a colour', () => {
  const sheet = readSheet(
    new TextEncoder().encode('Headline,Colour\n#SpringSale,#1f6feb\n# Text,A colour\n#1 in town,teal\n'),
    'a.csv',
  );
  expect(sheet.rows).toEqual([
    ['#SpringSale', '#1f6feb'],
    ['#1 in town', 'teal'],
  ]);
  expect(sheet.lines).toEqual([2, 4]);
});

it('keeps the CSV formula guard: a label that looks like a formula is written defused', () => {
  const table = sampleTable(sampleColumns([{ id: 'x', label: '=HYPERLINK("http://e.com")', kind: 'text' }]));
  const csv = tableCsv(table);
  expect(csv).toContain(`"'=HYPERLINK(""http://e.com"")"`);
  expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
});
