// What a finished batch gives back, through the app's core against the real sandbox: every row's file
// downloaded and named by the batch's template from its spreadsheet row (`{row.name}`, `{row.index}`),
// byte-identical to the sandbox's; and the spreadsheet exported back, as CSV and as XLSX, read again
// here: every row in its place (an excluded one too) with its job id, status, output path and local file.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { DownloadView } from '../../../electron/shared/domain/download';
import type { JobView } from '../../../electron/shared/domain/job';
import type { Channel } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { storedBytes } from '../../fixtures/sandbox-outputs';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';

let remote: RunningSandbox;
let dir: string;
let core: AppCore;
let savePath = '';
const call = async <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
  dir = await mkdtemp(join(tmpdir(), 'jrs-batch-results-'));
  core = await createAppCore({
    dataDir: join(dir, 'data'),
    downloadsDir: join(dir, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(makeTestSeed()),
    flushMs: 10,
    // The host's save dialog, answered with the path the test chose.
    dialogs: { chooseSaveFile: async () => savePath },
  });
  value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
  const settings = value(await call('downloads:settings'));
  value(await call('downloads:saveSettings', { ...settings, auto: false }));
});
afterAll(async () => {
  await core.dispose();
  await remote.close();
  await rm(dir, { recursive: true, force: true });
});

const SHEET = {
  columns: ['Name', 'Headline'],
  rows: [
    ['Ana', 'Olá Lisboa'],
    ['Ben', '=1+1 is not a formula'],
    ['Excluded', 'not sent'],
    ['Chloé', 'Bonjour'],
  ],
  // A blank line in the file before Chloé's row: the export numbers rows as the file does (issue 17 item 5).
  lines: [2, 3, 4, 6],
};

it('downloads every row’s file named from its row, then exports the sheet back as CSV and XLSX', async () => {
  const rows = [0, 1, 3];
  const batch = value(
    await call('batches:create', {
      projectId: IDS.image,
      projectName: 'Images',
      name: 'Spring mailing',
      nameTemplate: '{batch}/{row.index} {row.name}.{ext}',
      sheet: SHEET,
      jobs: rows.map((row) => ({
        row,
        request: {
          projectId: IDS.image,
          projectName: 'Images',
          jobType: 'image',
          values: { headline: SHEET.rows[row]![1]! },
        },
      })),
    }),
  );
  let jobs: JobView[] = [];
  await vi.waitFor(
    async () => {
      jobs = (value(await call('jobs:list')) as JobView[]).filter((job) => job.batchId === batch.id);
      expect(jobs.filter((job) => job.status === 'SUCCESS')).toHaveLength(3);
    },
    { timeout: 20_000, interval: 20 },
  );

  const started = value(await call('batches:download', { id: batch.id }));
  expect(started.queued).toHaveLength(3);
  let downloads: DownloadView[] = [];
  await vi.waitFor(
    async () => {
      downloads = value(await call('downloads:list'));
      expect(downloads.filter((download) => download.state === 'done')).toHaveLength(3);
    },
    { timeout: 20_000, interval: 20 },
  );
  const folder = join(dir, 'Downloads', 'Spring mailing');
  const byRow = new Map(jobs.map((job) => [job.batchRow, job]));
  for (const [row, name] of [
    [0, '1 Ana.png'],
    [1, '2 Ben.png'],
    [3, '4 Chloé.png'],
  ] as const) {
    const job = byRow.get(row)!;
    const download = downloads.find((entry) => entry.jobId === job.id)!;
    expect(download.path).toBe(join(folder, name));
    expect((await readFile(download.path)).equals(await storedBytes(remote, job.outputPath!))).toBe(true);
  }

  savePath = join(dir, 'results.csv');
  expect(value(await call('batches:export', { id: batch.id, format: 'csv' }))).toEqual({
    path: savePath,
    rows: 4,
  });
  const csv = await readFile(savePath, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const table = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
  expect(table[0]).toEqual([
    'Sheet row',
    'Name',
    'Headline',
    'Job id',
    'Status',
    'Output path',
    'Local file',
  ]);
  expect(table[1]).toEqual([
    '2',
    'Ana',
    'Olá Lisboa',
    byRow.get(0)!.uuid,
    'Succeeded',
    byRow.get(0)!.outputPath,
    join(folder, '1 Ana.png'),
  ]);
  // A cell that a spreadsheet would run as a formula is defused; the excluded row keeps its place.
  expect(table[2]?.[2]).toBe("'=1+1 is not a formula");
  expect(table[3]).toEqual(['4', 'Excluded', 'not sent', '', 'Not in the batch (excluded)', '', '']);
  expect(table[4]?.[0]).toBe('6');
  expect(table[4]?.[6]).toBe(join(folder, '4 Chloé.png'));

  savePath = join(dir, 'results.xlsx');
  value(await call('batches:export', { id: batch.id, format: 'xlsx' }));
  const book = XLSX.read(await readFile(savePath));
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const cells = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false });
  expect(cells[0]).toEqual([
    'Sheet row',
    'Name',
    'Headline',
    'Job id',
    'Status',
    'Output path',
    'Local file',
  ]);
  expect(cells[2]?.slice(0, 5)).toEqual([
    '3',
    'Ben',
    '=1+1 is not a formula',
    byRow.get(1)!.uuid,
    'Succeeded',
  ]);
  expect(sheet['C3']?.t).toBe('s');
  expect(sheet['C3']?.f).toBeUndefined();
});
