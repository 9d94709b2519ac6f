// Which batch a sheet became, remembered across runs: found again by its id; a submission whose run was
// killed before noting the id finds the batch it made after all (created after it began, same name and
// project, not another sheet's), or none; a damaged memo file only forgets.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SheetMemo, type MemoKey } from '../../electron/cli/batch/sheet-memo';
import type { BatchView } from '../../electron/shared/domain/batch';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jrs-memo-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const key: MemoKey = { accountId: 'acc', projectId: 'proj', sheetSha256: 'a'.repeat(64) };
const T0 = Date.parse('2026-05-01T10:00:00.000Z');

function batch(id: string, createdMs: number, overrides: Partial<BatchView> = {}): BatchView {
  return {
    id,
    accountId: 'acc',
    projectId: 'proj',
    projectName: 'Promo',
    name: 'people.csv',
    createdAt: new Date(createdMs).toISOString(),
    state: 'running',
    rows: 3,
    nameTemplate: null,
    columns: [],
    ...overrides,
  };
}

it('finds the batch a sheet became, in a later run', async () => {
  const memo = await SheetMemo.open(dir);
  expect(await memo.find(key, [])).toBeNull();
  const entry = await memo.begin(key, 'people.csv', T0, null);
  await memo.settle(entry, 'b1');
  const later = await SheetMemo.open(dir);
  expect(await later.find(key, [batch('b0', T0 - 1), batch('b1', T0 + 5)])).toMatchObject({
    batch: { id: 'b1' },
  });
  // Another sheet (or project, or account) is not this one's; a batch gone from the history is forgotten.
  expect(await later.find({ ...key, sheetSha256: 'b'.repeat(64) }, [batch('b1', T0 + 5)])).toBeNull();
  expect(await later.find({ ...key, projectId: 'other' }, [batch('b1', T0 + 5)])).toBeNull();
  expect(await later.find(key, [])).toBeNull();
});

it('claims the batch a killed run made before it could note it, and only that one', async () => {
  const memo = await SheetMemo.open(dir);
  const entry = await memo.begin(key, 'people.csv', T0, null);
  const batches = [
    batch('before', T0 - 1000),
    batch('other-name', T0 + 10, { name: 'other.csv' }),
    batch('other-project', T0 + 10, { projectId: 'elsewhere' }),
  ];
  // Killed before the batch was written: there is none to claim, and the entry is there to be reused.
  expect(await (await SheetMemo.open(dir)).find(key, batches)).toEqual({ entry, batch: null });
  // Killed after: the batch made after the entry began, of its name and project, is claimed for good.
  const made = [...batches, batch('made', T0 + 20), batch('made-later', T0 + 30)];
  const found = await (await SheetMemo.open(dir)).find(key, made);
  expect(found?.batch?.id).toBe('made');
  expect((await (await SheetMemo.open(dir)).find(key, made))?.batch?.id).toBe('made');
  // A batch another entry claimed is never taken by a second sheet's unfinished entry.
  const second = { ...key, sheetSha256: 'c'.repeat(64) };
  const memo2 = await SheetMemo.open(dir);
  await memo2.begin(second, 'people.csv', T0 + 1, null);
  expect((await memo2.find(second, made))?.batch?.id).toBe('made-later');
});

it('starts afresh from a damaged memo file', async () => {
  writeFileSync(join(dir, 'cli-batches.json'), '{"version": 1, "entries": [oops');
  const memo = await SheetMemo.open(dir);
  expect(await memo.find(key, [batch('b1', T0)])).toBeNull();
});
