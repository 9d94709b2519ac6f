// The batches port's contract: a batch is born with all its rows or not at all, read back whole (its
// spreadsheet too), listed in order, paused, cancelled and renamed.
import { expect, it } from 'vitest';
import type { BatchSheet } from '../../../electron/core/batches/batch';
import { T0, batch, failure, idsOf, jobOf, submission } from './fixtures';
import type { Current } from './opened-stores';

export function batchStoreContract(current: Current): void {
  const batches = () => current().stores.batches;
  const jobs = () => current().stores.jobs;

  it('writes a batch and each of its rows as a pending job, and reads it back whole (create, get)', async () => {
    const record = batch('b-1', 3);
    await batches().create(record);
    expect(await batches().get('b-1')).toEqual({
      id: 'b-1',
      accountId: 'acc-1',
      projectId: 'p-1',
      projectName: 'Spring launch',
      jobType: 'video',
      name: 'Sheet b-1',
      createdMs: T0,
      rowCount: 3,
      sessionId: 'session-b-1',
      state: 'running',
      sheet: record.sheet,
      nameTemplate: '{batch}/{row.Name}.{ext}',
    });
    expect(await jobs().inBatch('b-1')).toEqual(record.jobs.map((job) => jobOf(job, 'pending')));
    expect(await batches().get('nobody')).toBeUndefined();
  });

  it('writes nothing of a batch whose second row cannot be written (create is all or nothing)', async () => {
    await jobs().insertSubmission(submission('taken'));
    const before = await jobs().get('taken');
    const record = batch('b-1', 3);
    const [first, , third] = record.jobs;
    if (!first || !third) throw new Error('the batch has three rows');
    const clash = { ...record, jobs: [first, { ...third, id: 'taken', batchRow: 1 }, third] };
    expect(await failure(() => batches().create(clash))).toBeInstanceOf(Error);
    expect(await batches().get('b-1')).toBeUndefined();
    expect(await batches().list('acc-1')).toEqual([]);
    expect(await jobs().inBatch('b-1')).toEqual([]);
    expect(await jobs().get(first.id)).toBeUndefined();
    expect(await jobs().get('taken')).toEqual(before);

    const twice = { ...record, jobs: [first, first] };
    expect(await failure(() => batches().create(twice))).toBeInstanceOf(Error);
    expect(await batches().get('b-1')).toBeUndefined();
    expect(await jobs().get(first.id)).toBeUndefined();
    // And the same batch, whole, can be written after.
    await batches().create(record);
    expect(idsOf(await jobs().inBatch('b-1'))).toEqual(['b-1-r0', 'b-1-r1', 'b-1-r2']);
  });

  it('lists an account’s batches newest first, and the running ones of all accounts oldest first (list, runningBatches)', async () => {
    await batches().create(batch('b-old', 1, { nowMs: T0 }));
    await batches().create(batch('b-new', 1, { nowMs: T0 + 2 }));
    await batches().create(batch('b-mid', 1, { nowMs: T0 + 1 }));
    await batches().create(batch('b-other', 1, { nowMs: T0 + 3, accountId: 'acc-2' }));
    await batches().create(batch('b-paused', 1, { nowMs: T0 + 4 }));
    await batches().setState('b-paused', 'paused');
    const ids = (list: { id: string }[]) => list.map((one) => one.id);
    expect(ids(await batches().list('acc-1'))).toEqual(['b-paused', 'b-new', 'b-mid', 'b-old']);
    expect(ids(await batches().list('acc-2'))).toEqual(['b-other']);
    expect(await batches().list('acc-9')).toEqual([]);
    expect(ids(await batches().runningBatches())).toEqual(['b-old', 'b-mid', 'b-new', 'b-other']);
  });

  it('orders batches made at the same moment by their id, byte by byte (list, runningBatches)', async () => {
    for (const id of ['b-b', 'B-a', 'b-a', '_b']) await batches().create(batch(id, 1, { nowMs: T0 }));
    const ids = (list: { id: string }[]) => list.map((one) => one.id);
    expect(ids(await batches().list('acc-1'))).toEqual(['B-a', '_b', 'b-a', 'b-b']);
    expect(ids(await batches().runningBatches())).toEqual(['B-a', '_b', 'b-a', 'b-b']);
  });

  it('pauses, cancels and resumes a batch, and changes nothing else of it (setState)', async () => {
    await batches().create(batch('b-1', 1));
    await batches().create(batch('b-2', 1));
    const before = await batches().get('b-1');
    await batches().setState('b-1', 'paused');
    expect(await batches().get('b-1')).toEqual({ ...before, state: 'paused' });
    expect((await batches().runningBatches()).map((one) => one.id)).toEqual(['b-2']);
    await batches().setState('b-2', 'cancelled');
    expect((await batches().get('b-2'))?.state).toBe('cancelled');
    expect(await batches().runningBatches()).toEqual([]);
    await batches().setState('b-1', 'running');
    expect(await batches().get('b-1')).toEqual(before);
    expect((await batches().runningBatches()).map((one) => one.id)).toEqual(['b-1']);
  });

  it('renames a batch, and what the naming template knows of it follows (rename, templateBatch)', async () => {
    const record = batch('b-1', 2);
    await batches().create(record);
    expect(await batches().templateBatch('b-1')).toEqual({
      name: 'Sheet b-1',
      nameTemplate: '{batch}/{row.Name}.{ext}',
      columns: record.sheet?.columns,
      rows: record.sheet?.rows,
    });
    await batches().rename('b-1', 'Posters – spring ’26');
    expect((await batches().get('b-1'))?.name).toBe('Posters – spring ’26');
    expect((await batches().templateBatch('b-1'))?.name).toBe('Posters – spring ’26');
    expect((await batches().list('acc-1'))[0]?.name).toBe('Posters – spring ’26');
    expect(await batches().templateBatch('nobody')).toBeNull();
  });

  it('knows a batch without a sheet: no sheet, and no columns or rows for the template (sheet, templateBatch)', async () => {
    await batches().create(batch('b-1', 1, { sheet: null, nameTemplate: null }));
    expect(await batches().sheet('b-1')).toBeNull();
    expect((await batches().get('b-1'))?.sheet).toBeNull();
    expect(await batches().templateBatch('b-1')).toEqual({
      name: 'Sheet b-1',
      nameTemplate: null,
      columns: [],
      rows: [],
    });
    expect(await batches().sheet('nobody')).toBeNull();
  });

  it('keeps a sheet as written, its row numbers too, and one written before numbers were kept (sheet)', async () => {
    const numbered: BatchSheet = {
      columns: ['Name', 'Photo', 'Ünïcode "q"'],
      rows: [
        ['a', 'https://x/a.png', '=cmd|x'],
        ['b', '', 'line\nbreak'],
      ],
      lines: [2, 5],
    };
    await batches().create(batch('b-1', 2, { sheet: numbered }));
    expect(await batches().sheet('b-1')).toEqual(numbered);
    const older: BatchSheet = { columns: ['File', 'Name'], rows: [['a.png', 'a']] };
    await batches().create(batch('b-2', 1, { sheet: older }));
    expect(await batches().sheet('b-2')).toEqual(older);
    expect(await batches().sheet('b-2')).not.toHaveProperty('lines');
  });

  it('reads a sheet of the wrong shape as no sheet, and drops row numbers that are not whole (sheet)', async () => {
    const wrong = { columns: 'Name', rows: [['a']] } as unknown as BatchSheet;
    await batches().create(batch('b-1', 1, { sheet: wrong }));
    expect(await batches().sheet('b-1')).toBeNull();
    expect((await batches().get('b-1'))?.name).toBe('Sheet b-1');
    const badLines = { columns: ['Name'], rows: [['a']], lines: [1.5] } as BatchSheet;
    await batches().create(batch('b-2', 1, { sheet: badLines }));
    expect(await batches().sheet('b-2')).toEqual({ columns: ['Name'], rows: [['a']] });
  });

  it('reads a damaged sheet as no sheet, and still lists its batch (sheet)', async (context) => {
    const damage = current().damage;
    if (!damage) return context.skip('this store cannot hold damaged text');
    await batches().create(batch('b-1', 1));
    await damage.sheetText('b-1', '{"columns": ["Name"], "rows": [[');
    expect(await batches().sheet('b-1')).toBeNull();
    expect(await batches().templateBatch('b-1')).toMatchObject({ columns: [], rows: [] });
    expect((await batches().list('acc-1')).map((one) => [one.id, one.sheet])).toEqual([['b-1', null]]);
  });
}
