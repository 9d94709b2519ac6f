// Issue 17 item 5 in the core: a batch renamed (kept in the history, said in batches:changed, a blank name
// refused) and its sheet given back with each row's number in the file, as kept at import, or for a batch
// written before they were kept, as a sheet with its header on row 1 numbers them (1, 2, 3… for files).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import type { BatchesChanged } from '../../../electron/shared/domain/batch';
import type { Channel } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, makeTestSeed } from '../../fixtures/test-seed';

let dir: string;
let core: AppCore;
const changes: BatchesChanged[] = [];
const call = async <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jrs-rename-'));
  core = await createAppCore({
    dataDir: join(dir, 'data'),
    downloadsDir: join(dir, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(makeTestSeed()),
  });
  core.onEvent((event, payload) => {
    if (event === 'batches:changed') changes.push(payload as BatchesChanged);
  });
});
afterEach(async () => {
  changes.splice(0);
  await core.dispose();
  await rm(dir, { recursive: true, force: true });
});

const job = (headline: string) => ({
  projectId: IDS.image,
  projectName: 'Images',
  jobType: 'image',
  values: { headline },
});

async function batchOf(sheet: { columns: string[]; rows: string[][]; lines?: number[] }) {
  return value(
    await call('batches:create', {
      projectId: IDS.image,
      projectName: 'Images',
      name: 'banners · 26 Nov 2026',
      nameTemplate: null,
      sheet,
      jobs: sheet.rows.map((cells, row) => ({ row, request: job(cells[1] ?? '') })),
    }),
  );
}

it('renames a batch: kept in the history, said to the page, a blank name refused', async () => {
  value(await call('accounts:useSandbox'));
  const batch = await batchOf({ columns: ['Name', 'Headline'], rows: [['Ana', 'Hi']], lines: [2] });
  const renamed = value(await call('batches:rename', { id: batch.id, name: '  Spring launch ' }));
  expect(renamed.name).toBe('Spring launch');
  expect(changes.at(-1)?.batches[0]?.name).toBe('Spring launch');
  expect(value(await call('batches:list')).map((view) => view.name)).toEqual(['Spring launch']);
  const blank = await call('batches:rename', { id: batch.id, name: '   ' });
  expect(blank.ok).toBe(false);
  if (!blank.ok) expect(blank.error.message).toMatch(/Name the batch/);
  const unknown = await call('batches:rename', { id: 'no-such-batch', name: 'X' });
  expect(unknown.ok).toBe(false);
});

it('gives the sheet back with each row’s number in the file', async () => {
  value(await call('accounts:useSandbox'));
  const kept = await batchOf({
    columns: ['Name', 'Headline'],
    rows: [
      ['Ana', 'Hi'],
      ['Ben', 'Yo'],
    ],
    lines: [2, 5],
  });
  expect(value(await call('batches:sheet', { id: kept.id }))?.lines).toEqual([2, 5]);
  const older = await batchOf({
    columns: ['Name', 'Headline'],
    rows: [
      ['Ana', 'Hi'],
      ['Ben', 'Yo'],
    ],
  });
  expect(value(await call('batches:sheet', { id: older.id }))?.lines).toEqual([2, 3]);
  const files = await batchOf({
    columns: ['File', 'Name'],
    rows: [
      ['a.png', 'a'],
      ['b.png', 'b'],
    ],
  });
  expect(value(await call('batches:sheet', { id: files.id }))?.lines).toEqual([1, 2]);
});
