// The downloads port's contract: a job's download queued, queued again (a running or finished one kept as
// it is, any other started afresh in its old place), its progress saved field by field, read per account
// and per state, and removed.
import { expect, it } from 'vitest';
import type { Download } from '../../../electron/core/downloads/download';
import { T0 } from './fixtures';
import type { Current } from './opened-stores';

const place = (jobId: string, accountId = 'acc-1', nowMs = T0) => ({
  jobId,
  accountId,
  root: '/home/ana/Downloads',
  target: `Spring launch/${jobId} – ü.mp4`,
  nowMs,
});

export function downloadStoreContract(current: Current): void {
  const downloads = () => current().stores.downloads;

  /** A download part-way: every field the queue writes. */
  const progress = (jobId: string, over: Partial<Download> = {}): Download => ({
    ...queued(jobId),
    state: 'failed',
    path: `/home/ana/Downloads/Spring launch/${jobId}.mp4`,
    bytes: 1_048_576,
    total: 5_000_000_000,
    etag: '"abc-123"',
    url: 'https://cdn.example.com/signed?sig=%2F&x=1',
    error: 'The connection broke.',
    attempts: 3,
    nextTryMs: T0 + 60_000,
    updatedMs: T0 + 1_000,
    ...over,
  });

  const queued = (jobId: string, accountId = 'acc-1', nowMs = T0): Download => ({
    jobId,
    accountId,
    state: 'queued',
    root: '/home/ana/Downloads',
    target: `Spring launch/${jobId} – ü.mp4`,
    path: null,
    bytes: 0,
    total: null,
    etag: null,
    url: null,
    error: null,
    attempts: 0,
    nextTryMs: null,
    updatedMs: nowMs,
  });

  it('queues a job’s download and reads it back (enqueue, get)', async () => {
    await downloads().enqueue(place('job-a'));
    expect(await downloads().get('job-a')).toEqual(queued('job-a'));
    expect(await downloads().get('nobody')).toBeUndefined();
  });

  it('saves every field of a download’s progress, but never its job, account or place (save)', async () => {
    await downloads().enqueue(place('job-a'));
    const saved = progress('job-a');
    await downloads().save(saved);
    expect(await downloads().get('job-a')).toEqual(saved);
    await downloads().save({
      ...saved,
      accountId: 'acc-2',
      root: '/elsewhere',
      target: 'x.mp4',
      state: 'done',
    });
    expect(await downloads().get('job-a')).toEqual({ ...saved, state: 'done' });
    const cleared = {
      ...saved,
      state: 'queued' as const,
      path: null,
      total: null,
      etag: null,
      url: null,
      error: null,
      nextTryMs: null,
    };
    await downloads().save(cleared);
    expect(await downloads().get('job-a')).toEqual(cleared);
  });

  it('queues a failed or paused download again afresh, in its old place, keeping what it had saved (enqueue)', async () => {
    for (const state of ['failed', 'paused', 'queued'] as const) {
      const id = `job-${state}`;
      await downloads().enqueue(place(id));
      const before = progress(id, { state });
      await downloads().save(before);
      await downloads().enqueue({ ...place(id, 'acc-2', T0 + 5_000), root: '/elsewhere', target: 'new.mp4' });
      expect(await downloads().get(id), state).toEqual({
        ...before,
        state: 'queued',
        error: null,
        attempts: 0,
        nextTryMs: null,
        updatedMs: T0 + 5_000,
      });
    }
  });

  it('leaves a running or finished download as it is when queued again (enqueue)', async () => {
    for (const state of ['active', 'done'] as const) {
      const id = `job-${state}`;
      await downloads().enqueue(place(id));
      const before = progress(id, { state, error: null });
      await downloads().save(before);
      await downloads().enqueue(place(id, 'acc-1', T0 + 5_000));
      expect(await downloads().get(id), state).toEqual(before);
    }
  });

  it('lists an account’s downloads, the latest change first (list)', async () => {
    await downloads().enqueue(place('job-a', 'acc-1', T0));
    await downloads().enqueue(place('job-b', 'acc-1', T0 + 2));
    await downloads().enqueue(place('job-c', 'acc-1', T0 + 1));
    await downloads().enqueue(place('job-d', 'acc-2', T0 + 3));
    await downloads().save(progress('job-a', { updatedMs: T0 + 10 }));
    expect((await downloads().list('acc-1')).map((one) => one.jobId)).toEqual(['job-a', 'job-b', 'job-c']);
    expect(await downloads().list('acc-2')).toEqual([queued('job-d', 'acc-2', T0 + 3)]);
    expect(await downloads().list('acc-9')).toEqual([]);
  });

  it('orders downloads changed at the same moment by their job, byte by byte (list, inState)', async () => {
    for (const id of ['job-b', 'Job-a', 'job-a']) await downloads().enqueue(place(id, 'acc-1', T0));
    expect((await downloads().list('acc-1')).map((one) => one.jobId)).toEqual(['Job-a', 'job-a', 'job-b']);
    expect((await downloads().inState('queued')).map((one) => one.jobId)).toEqual([
      'Job-a',
      'job-a',
      'job-b',
    ]);
  });

  it('reads the downloads in one state, of every account, the longest waiting first (inState)', async () => {
    await downloads().enqueue(place('job-a', 'acc-1', T0 + 2));
    await downloads().enqueue(place('job-b', 'acc-2', T0));
    await downloads().enqueue(place('job-c', 'acc-1', T0 + 1));
    await downloads().enqueue(place('job-d', 'acc-1', T0 + 3));
    await downloads().save(progress('job-d', { state: 'active', error: null }));
    expect((await downloads().inState('queued')).map((one) => one.jobId)).toEqual([
      'job-b',
      'job-c',
      'job-a',
    ]);
    expect(await downloads().inState('active')).toEqual([
      progress('job-d', { state: 'active', error: null }),
    ]);
    expect(await downloads().inState('done')).toEqual([]);
  });

  it('removes one job’s download, and an account’s (remove, removeAccount)', async () => {
    await downloads().enqueue(place('job-a'));
    await downloads().enqueue(place('job-b'));
    await downloads().enqueue(place('job-c'));
    await downloads().enqueue(place('job-d', 'acc-2'));
    await downloads().remove('job-a');
    await downloads().remove('nobody');
    expect(await downloads().get('job-a')).toBeUndefined();
    expect((await downloads().list('acc-1')).map((one) => one.jobId).sort()).toEqual(['job-b', 'job-c']);
    await downloads().removeAccount('acc-1');
    expect(await downloads().list('acc-1')).toEqual([]);
    expect(await downloads().get('job-b')).toBeUndefined();
    expect(await downloads().get('job-d')).toEqual(queued('job-d', 'acc-2'));
    // Queued again after removal: a fresh download.
    await downloads().enqueue(place('job-a', 'acc-1', T0 + 7));
    expect(await downloads().get('job-a')).toEqual(queued('job-a', 'acc-1', T0 + 7));
  });
}
