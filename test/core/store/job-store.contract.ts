// The jobs port's contract: what the job lifecycle, the submitter, the batch runner, requeue and polling
// rely on, each written through the store and read back through it.
import { expect, it } from 'vitest';
import type { Job } from '../../../electron/core/jobs/job';
import type { TrackingState } from '../../../electron/shared/domain/job';
import { T0, VALUES, batch, failed, idsOf, jobIn, jobOf, running, submission, succeeded } from './fixtures';
import type { StoreAbilities } from './contract';
import type { Current } from './opened-stores';

export function jobStoreContract(current: Current, abilities: StoreAbilities): void {
  const jobs = () => current().stores.jobs;

  it('keeps a submission as written: the whole job, its exact request and values (insertSubmission, get, payload)', async () => {
    const sub = submission('job-a');
    await jobs().insertSubmission(sub);
    const pending = submission('job-b', { accountId: 'acc-2', source: 'batch', batchId: 'b-x', batchRow: 7 });
    await jobs().insertSubmission(pending, 'pending');

    expect(await jobs().get('job-a')).toEqual(jobOf(sub, 'submitting'));
    expect(await jobs().get('job-b')).toEqual(jobOf(pending, 'pending'));
    expect((await jobs().get('job-a'))?.values).toEqual(VALUES);
    expect(await jobs().payload('job-a')).toEqual({ request: sub.request, record: null });
    expect(await jobs().get('nobody')).toBeUndefined();
    expect(await jobs().payload('nobody')).toEqual({ request: null, record: null });
    expect(await jobs().list('acc-1')).toEqual([jobOf(sub, 'submitting')]);
    expect(idsOf(await jobs().withTracking('submitting'))).toEqual(['job-a']);
    expect(idsOf(await jobs().withTracking('pending'))).toEqual(['job-b']);
  });

  it('reads many jobs in one call: each one there, whole, and none that is not (getMany)', async () => {
    const a = submission('job-a');
    const b = submission('job-b', { accountId: 'acc-2' });
    await jobs().insertSubmission(a);
    await jobs().insertSubmission(b, 'pending');
    const read = await jobs().getMany(['job-b', 'nobody', 'job-a', 'job-a']);
    expect([...read].sort((x, y) => x.id.localeCompare(y.id))).toEqual([
      jobOf(a, 'submitting'),
      jobOf(b, 'pending'),
    ]);
    expect(await jobs().getMany([])).toEqual([]);
  });

  it('reads damaged stored JSON as no values and no request, and still lists the job', async (context) => {
    const damage = current().damage;
    if (!damage) return context.skip('this store cannot hold damaged text');
    await jobs().insertSubmission(submission('job-a'));
    await jobs().applyRecord('job-a', running('u-a'), T0 + 1);
    await damage.jobText('job-a', 'values', '{"headline": "cut off');
    await damage.jobText('job-a', 'request', 'not json');
    await damage.jobText('job-a', 'record', '[1, 2');
    expect((await jobs().get('job-a'))?.values).toEqual({});
    expect(await jobs().payload('job-a')).toEqual({ request: null, record: null });
    await damage.jobText('job-a', 'values', '["an", "array"]');
    expect((await jobs().get('job-a'))?.values).toEqual({});
    expect(idsOf(await jobs().list('acc-1'))).toEqual(['job-a']);
  });

  it('keeps a tracked job as written, with its record (insertTracked)', async () => {
    const columns = succeeded('u-t', { creditUsed: 2.5 });
    const { source: _source, ...sub } = submission('job-t');
    await jobs().insertTracked({ ...sub, ...columns });
    expect(await jobs().get('job-t')).toEqual({
      ...jobOf({ ...sub, source: 'tracked' }, 'final'),
      uuid: 'u-t',
      status: 'SUCCESS',
      creditUsed: 2.5,
      outputPath: columns.outputPath,
      createdAt: columns.createdAt,
      updatedAt: columns.updatedAt,
      finishedAt: columns.finishedAt,
      lastPolledMs: T0,
    });
    expect(await jobs().payload('job-t')).toEqual({ request: sub.request, record: columns.record });
    expect((await jobs().getByUuid('acc-1', 'u-t'))?.id).toBe('job-t');
  });

  it('applies a service record: its fields, the note cleared, the job’s own fields kept (applyRecord)', async () => {
    const sub = submission('job-a', { batchId: 'b-1', batchRow: 2, source: 'batch' });
    await jobs().insertSubmission(sub);
    await jobs().setTracking('job-a', 'unknown', 'The connection broke.');
    const answered = await jobs().applyRecord('job-a', running('u-a'), T0 + 1_000);
    const active = await jobs().get('job-a');
    // The job as written is answered (the sender follows it with no read after).
    expect(answered).toEqual(active);
    expect(active).toEqual({
      ...jobOf(sub, 'active'),
      uuid: 'u-a',
      status: 'PROCESSING',
      createdAt: '2026-11-26T08:00:00.000Z',
      updatedAt: '2026-11-26T08:00:05.000Z',
      lastPolledMs: T0 + 1_000,
    });

    const done = succeeded('u-a', { creditUsed: 7.25 });
    await jobs().applyRecord('job-a', done, T0 + 2_000);
    expect(await jobs().get('job-a')).toEqual({
      ...jobOf(sub, 'final'),
      uuid: 'u-a',
      status: 'SUCCESS',
      creditUsed: 7.25,
      outputPath: done.outputPath,
      createdAt: done.createdAt,
      updatedAt: done.updatedAt,
      finishedAt: done.finishedAt,
      lastPolledMs: T0 + 2_000,
    });
    expect(await jobs().payload('job-a')).toEqual({ request: sub.request, record: done.record });
  });

  it('keeps the times it knew when a record leaves them out (applyRecord: createdAt, updatedAt coalesced)', async () => {
    await jobs().insertSubmission(submission('job-a'));
    await jobs().applyRecord('job-a', running('u-a'), T0 + 1);
    await jobs().applyRecord('job-a', running('u-a', { createdAt: null, updatedAt: null }), T0 + 2);
    const kept = await jobs().get('job-a');
    expect(kept?.createdAt).toBe('2026-11-26T08:00:00.000Z');
    expect(kept?.updatedAt).toBe('2026-11-26T08:00:05.000Z');
    await jobs().applyRecord('job-a', running('u-a', { updatedAt: '2026-11-26T09:00:00.000Z' }), T0 + 3);
    expect((await jobs().get('job-a'))?.updatedAt).toBe('2026-11-26T09:00:00.000Z');
  });

  it('finds a job by the service’s id within its account only (getByUuid)', async () => {
    await jobIn(current().stores, 'active', 'job-a', {}, running('u-same'));
    await jobIn(current().stores, 'active', 'job-b', { accountId: 'acc-2' }, running('u-same'));
    expect((await jobs().getByUuid('acc-1', 'u-same'))?.id).toBe('job-a');
    expect((await jobs().getByUuid('acc-2', 'u-same'))?.id).toBe('job-b');
    expect(await jobs().getByUuid('acc-3', 'u-same')).toBeUndefined();
    expect(await jobs().getByUuid('acc-1', 'u-other')).toBeUndefined();
  });

  it('sets the tracking state with its note, and notes a failed check without changing the job (setTracking, note)', async () => {
    await jobIn(current().stores, 'active', 'job-a');
    const before = await jobs().get('job-a');
    await jobs().note('job-a', 'The service did not answer.', T0 + 5_000);
    expect(await jobs().get('job-a')).toEqual({
      ...before,
      trackingNote: 'The service did not answer.',
      lastPolledMs: T0 + 5_000,
    });
    await jobs().setTracking('job-a', 'lost', 'The service no longer knows this job.');
    expect(await jobs().get('job-a')).toEqual({
      ...before,
      tracking: 'lost',
      trackingNote: 'The service no longer knows this job.',
      lastPolledMs: T0 + 5_000,
    });
    await jobs().setTracking('job-a', 'pending', null);
    expect(await jobs().get('job-a')).toMatchObject({ tracking: 'pending', trackingNote: null });
  });

  it('settles the live jobs a stopped sender left submitting as unknown with the note, and no other (settleInterrupted)', async () => {
    const other = current().elsewhere.jobs;
    await other.insertSubmission(submission('archived-first'));
    await other.insertSubmission(submission('cut-a', { accountId: 'acc-2' }));
    await other.insertSubmission(submission('archived'));
    await jobs().archiveAccount('acc-1');
    await other.insertSubmission(submission('cut-c'));
    await other.insertSubmission(submission('pending'), 'pending');
    await other.insertSubmission(submission('active'));
    await jobs().applyRecord('active', running('u-active'), T0 + 1);

    expect(await jobs().settleInterrupted('Cut off.')).toEqual([
      { id: 'cut-a', accountId: 'acc-2' },
      { id: 'cut-c', accountId: 'acc-1' },
    ]);
    expect(await jobs().get('cut-a')).toMatchObject({ tracking: 'unknown', trackingNote: 'Cut off.' });
    expect(await jobs().get('archived')).toMatchObject({ tracking: 'submitting', archived: true });
    expect(await jobs().get('pending')).toMatchObject({ tracking: 'pending' });
    expect(await jobs().get('active')).toMatchObject({ tracking: 'active' });
    expect(await jobs().settleInterrupted('Again.')).toEqual([]);
  });

  it('claims a pending row once: true, then submitting with its note cleared; false after (claimPending)', async () => {
    await jobs().insertSubmission(submission('job-a'), 'pending');
    await jobs().setTracking('job-a', 'pending', 'Rate limited: waiting.');
    expect(await jobs().claimPending('job-a')).toBe(true);
    expect(await jobs().get('job-a')).toMatchObject({ tracking: 'submitting', trackingNote: null });
    expect(await jobs().claimPending('job-a')).toBe(false);
    expect(await jobs().claimPending('nobody')).toBe(false);
  });

  it('never claims a row that is not pending, and leaves it as it was (claimPending)', async () => {
    const states: TrackingState[] = ['submitting', 'unknown', 'refused', 'active', 'final', 'lost'];
    for (const state of states) await jobIn(current().stores, state, `job-${state}`);
    for (const state of states) {
      const before = await jobs().get(`job-${state}`);
      expect(await jobs().claimPending(`job-${state}`), state).toBe(false);
      expect(await jobs().get(`job-${state}`), state).toEqual(before);
    }
  });

  it('never claims a pending row of a removed account’s archived jobs (claimPending)', async () => {
    await jobs().insertSubmission(submission('job-a'), 'pending');
    await jobs().archiveAccount('acc-1');
    expect(await jobs().claimPending('job-a')).toBe(false);
    expect(await jobs().get('job-a')).toMatchObject({ tracking: 'pending', archived: true });
  });

  it('gives each pending row to one claimer when several claim at once (claimPending)', async () => {
    await current().stores.batches.create(batch('b-1', 6));
    const rows = Array.from({ length: 6 }, (_, i) => `b-1-r${i}`);
    const answers = await Promise.all(
      rows.flatMap((id) => [jobs().claimPending(id), jobs().claimPending(id), jobs().claimPending(id)]),
    );
    expect(answers.filter(Boolean)).toHaveLength(rows.length);
    for (const [i, id] of rows.entries()) {
      expect(answers.slice(i * 3, i * 3 + 3).filter(Boolean), id).toHaveLength(1);
      expect((await jobs().get(id))?.tracking).toBe('submitting');
    }
  });

  // Only where the store has it: one that claims rows one by one (nextPending, claimPending) has no case here.
  if (abilities.claimsMany)
    it('claims a batch’s next pending rows in one step, lowest first, each once, whole (claimNextPending)', async () => {
      const claimJobs = jobs().claimNextPending?.bind(jobs());
      if (!claimJobs)
        throw new Error('this store was said to claim many rows at once, and has no claimNextPending');
      const claimNext = async (batchId: string, limit: number) =>
        (await claimJobs(batchId, limit)).map((claimed) => claimed.job);
      const { stores } = current();
      await stores.batches.create(batch('b-1', 6));
      await stores.batches.create(batch('b-2', 2));
      await jobs().setTracking('b-1-r0', 'refused', 'Bad value.');
      await jobs().setTracking('b-1-r2', 'pending', 'Rate limited: waiting.');
      const before = await jobs().get('b-1-r1');
      const first = await claimJobs('b-1', 2);
      // The rows as they are now: submitting, the note cleared, nothing else changed; each with its request.
      expect(first.map((claimed) => claimed.job)).toEqual([
        { ...before, tracking: 'submitting' },
        { ...(await jobs().get('b-1-r2')), tracking: 'submitting', trackingNote: null },
      ]);
      expect(await jobs().get('b-1-r2')).toEqual(first[1]?.job);
      expect(first.map((claimed) => claimed.request)).toEqual([
        (await jobs().payload('b-1-r1')).request,
        (await jobs().payload('b-1-r2')).request,
      ]);
      expect(first[0]?.request).toBeTruthy();
      expect(idsOf(await claimNext('b-1', 8))).toEqual(['b-1-r3', 'b-1-r4', 'b-1-r5']);
      expect(await claimNext('b-1', 8)).toEqual([]);
      expect((await jobs().get('b-1-r0'))?.tracking).toBe('refused');
      expect(idsOf(await jobs().nextPending('b-2', 8))).toEqual(['b-2-r0', 'b-2-r1']);
      // An archived (removed account's) row is never taken.
      await jobs().archiveAccount('acc-1');
      expect(await claimNext('b-2', 8)).toEqual([]);
    });

  // Only where the store has it: one that claims rows one by one (nextPending, claimPending) has no case here.
  if (abilities.claimsMany)
    it('gives each row to one claimer when several claim a batch’s rows at once (claimNextPending)', async () => {
      const claimJobs = jobs().claimNextPending?.bind(jobs());
      if (!claimJobs)
        throw new Error('this store was said to claim many rows at once, and has no claimNextPending');
      await current().stores.batches.create(batch('b-1', 40));
      const answers = await Promise.all(
        Array.from({ length: 12 }, async () => (await claimJobs('b-1', 3)).map((claimed) => claimed.job)),
      );
      const taken = answers.flatMap(idsOf);
      expect(taken).toHaveLength(new Set(taken).size);
      expect(taken.sort()).toEqual(Array.from({ length: 36 }, (_, i) => `b-1-r${i}`).sort());
      for (const rows of answers) expect(rows).toHaveLength(3);
      expect(idsOf(await jobs().nextPending('b-1', 8))).toEqual(['b-1-r36', 'b-1-r37', 'b-1-r38', 'b-1-r39']);
    });

  it('requeues finished jobs: active again, their outcome cleared, the requeue time set (markRequeued)', async () => {
    await jobIn(current().stores, 'final', 'job-a', {}, succeeded('u-a'));
    await jobIn(current().stores, 'final', 'job-b', {}, failed('u-b'));
    await jobIn(current().stores, 'final', 'job-c', {}, succeeded('u-c'));
    const untouched = await jobs().get('job-c');
    const before = await jobs().get('job-a');
    await jobs().markRequeued(['job-a', 'job-b'], T0 + 9_000);
    expect(await jobs().get('job-a')).toEqual({
      ...before,
      tracking: 'active',
      trackingNote: null,
      status: null,
      creditUsed: null,
      outputPath: null,
      error: null,
      finishedAt: null,
      requeuedMs: T0 + 9_000,
    });
    expect(await jobs().get('job-b')).toMatchObject({
      tracking: 'active',
      uuid: 'u-b',
      status: null,
      error: null,
      requeuedMs: T0 + 9_000,
    });
    expect((await jobs().payload('job-a')).record).toBeNull();
    expect((await jobs().payload('job-a')).request).toEqual(submission('job-a').request);
    expect(await jobs().get('job-c')).toEqual(untouched);
    await jobs().markRequeued([], T0 + 10_000);
    expect(await jobs().get('job-c')).toEqual(untouched);
  });

  it('removes jobs by id and counts only those it removed (remove)', async () => {
    for (const id of ['job-a', 'job-b', 'job-c']) await jobIn(current().stores, 'final', id);
    expect(await jobs().remove(['job-a', 'job-c', 'nobody'])).toBe(2);
    expect(await jobs().get('job-a')).toBeUndefined();
    expect(await jobs().get('job-c')).toBeUndefined();
    expect(idsOf(await jobs().list('acc-1'))).toEqual(['job-b']);
    expect(await jobs().remove([])).toBe(0);
    expect(await jobs().remove(['job-a'])).toBe(0);
  });

  it('removes a batch’s rows in one state and answers exactly their ids (removeInBatch)', async () => {
    const { stores } = current();
    await stores.batches.create(batch('b-1', 5));
    await stores.batches.create(batch('b-2', 2));
    await jobs().claimPending('b-1-r0');
    await jobs().setTracking('b-1-r1', 'refused', 'Bad value.');
    await jobs().claimPending('b-1-r2');
    await jobs().applyRecord('b-1-r2', running('u-2'), T0 + 1);
    expect((await jobs().removeInBatch('b-1', 'pending')).sort()).toEqual(['b-1-r3', 'b-1-r4']);
    expect((await jobs().inBatch('b-1')).map((job) => [job.id, job.tracking])).toEqual([
      ['b-1-r0', 'submitting'],
      ['b-1-r1', 'refused'],
      ['b-1-r2', 'active'],
    ]);
    expect(idsOf(await jobs().inBatch('b-2'))).toEqual(['b-2-r0', 'b-2-r1']);
    expect(await jobs().removeInBatch('b-1', 'pending')).toEqual([]);
    expect(await jobs().removeInBatch('b-1', 'refused')).toEqual(['b-1-r1']);
  });

  it('writes a poll’s answer only while the job is active with the requeue time read (applyPolled)', async () => {
    await jobIn(current().stores, 'active', 'job-a', {}, running('u-a'));
    const read = await jobs().get('job-a');
    const written = await jobs().applyPolled('job-a', succeeded('u-a'), T0 + 2_000, read?.requeuedMs ?? null);
    // The job as written is answered (the poller goes on from it with no read after).
    expect(written).toEqual(await jobs().get('job-a'));
    expect(written).toMatchObject({
      tracking: 'final',
      status: 'SUCCESS',
      lastPolledMs: T0 + 2_000,
    });
    // A requeue between the read and the write wins: the old run's answer is not written over it.
    await jobs().markRequeued(['job-a'], T0 + 3_000);
    const requeued = await jobs().get('job-a');
    expect(await jobs().applyPolled('job-a', succeeded('u-a'), T0 + 4_000, null)).toBeUndefined();
    expect(await jobs().get('job-a')).toEqual(requeued);
    expect(await jobs().applyPolled('job-a', running('u-a'), T0 + 5_000, T0 + 3_000)).toMatchObject({
      tracking: 'active',
      lastPolledMs: T0 + 5_000,
    });
    expect(await jobs().get('job-a')).toMatchObject({ tracking: 'active', lastPolledMs: T0 + 5_000 });
    // Not active (lost, final) or gone: nothing written.
    await jobs().setTracking('job-a', 'lost', 'Gone.');
    const lost = await jobs().get('job-a');
    expect(await jobs().applyPolled('job-a', succeeded('u-a'), T0 + 6_000, T0 + 3_000)).toBeUndefined();
    expect(await jobs().get('job-a')).toEqual(lost);
    expect(await jobs().applyPolled('nobody', succeeded('u-x'), T0 + 6_000, null)).toBeUndefined();
    expect(await jobs().get('nobody')).toBeUndefined();
  });

  it('resends an unknown live job once, and nothing else (claimUnknown)', async () => {
    await jobIn(current().stores, 'unknown', 'job-a');
    await jobs().setTracking('job-a', 'unknown', 'Cut off.');
    await jobIn(current().stores, 'pending', 'job-p');
    await jobIn(current().stores, 'unknown', 'job-gone', { accountId: 'acc-gone' });
    await jobs().archiveAccount('acc-gone');
    expect(await jobs().claimUnknown('job-a')).toBe(true);
    expect(await jobs().get('job-a')).toMatchObject({ tracking: 'submitting', trackingNote: null });
    expect(await jobs().claimUnknown('job-a')).toBe(false);
    expect(await jobs().claimUnknown('job-p')).toBe(false);
    expect(await jobs().get('job-p')).toMatchObject({ tracking: 'pending' });
    expect(await jobs().claimUnknown('job-gone')).toBe(false);
    expect(await jobs().get('job-gone')).toMatchObject({ tracking: 'unknown', archived: true });
    expect(await jobs().claimUnknown('nobody')).toBe(false);
  });

  it('discards only an unknown live job (removeUnknown)', async () => {
    await jobIn(current().stores, 'unknown', 'job-a');
    await jobIn(current().stores, 'submitting', 'job-s');
    await jobIn(current().stores, 'unknown', 'job-gone', { accountId: 'acc-gone' });
    await jobs().archiveAccount('acc-gone');
    expect(await jobs().removeUnknown('job-s')).toBe(false);
    expect(await jobs().get('job-s')).toMatchObject({ tracking: 'submitting' });
    expect(await jobs().removeUnknown('job-gone')).toBe(false);
    expect(await jobs().get('job-gone')).toMatchObject({ tracking: 'unknown' });
    expect(await jobs().removeUnknown('job-a')).toBe(true);
    expect(await jobs().get('job-a')).toBeUndefined();
    expect(await jobs().removeUnknown('job-a')).toBe(false);
  });

  it('removes the jobs asked for except those being sent, and answers which it removed (removeUnlessSubmitting)', async () => {
    await jobIn(current().stores, 'final', 'job-a');
    await jobIn(current().stores, 'submitting', 'job-s');
    await jobIn(current().stores, 'unknown', 'job-u', { accountId: 'acc-2' });
    await jobIn(current().stores, 'final', 'job-kept');
    const removed = await jobs().removeUnlessSubmitting(['job-a', 'job-s', 'job-u', 'nobody']);
    expect([...removed].sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'job-a', accountId: 'acc-1' },
      { id: 'job-u', accountId: 'acc-2' },
    ]);
    expect(await jobs().get('job-s')).toMatchObject({ tracking: 'submitting' });
    expect(await jobs().get('job-kept')).toBeDefined();
    expect(await jobs().get('job-a')).toBeUndefined();
    expect(await jobs().removeUnlessSubmitting([])).toEqual([]);
  });

  it('reads a batch’s rows in row order, and its next pending ones up to a limit (inBatch, nextPending)', async () => {
    const { stores } = current();
    const record = batch('b-1', 12);
    // Written out of row order: row order is the batch's, not the insert's.
    await stores.batches.create({ ...record, jobs: [...record.jobs].reverse() });
    await jobs().claimPending('b-1-r0');
    await jobs().setTracking('b-1-r2', 'refused', 'Bad value.');
    expect((await jobs().inBatch('b-1')).map((job) => job.batchRow)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    expect((await jobs().nextPending('b-1', 3)).map((job) => job.id)).toEqual(['b-1-r1', 'b-1-r3', 'b-1-r4']);
    expect(await jobs().nextPending('b-other', 3)).toEqual([]);
  });

  it('archives an account’s jobs: kept and listed as archived, out of the live reads (archiveAccount)', async () => {
    const { stores } = current();
    await jobIn(stores, 'active', 'job-a');
    await jobIn(stores, 'submitting', 'job-b');
    await jobIn(stores, 'active', 'job-c', { accountId: 'acc-2' });
    await jobs().archiveAccount('acc-1');
    expect((await jobs().get('job-a'))?.archived).toBe(true);
    expect((await jobs().get('job-c'))?.archived).toBe(false);
    expect(idsOf(await jobs().withTracking('active'))).toEqual(['job-c']);
    expect(await jobs().withTracking('submitting')).toEqual([]);
    expect(await jobs().accountIds()).toEqual(['acc-2']);
    expect(await jobs().countRunning()).toBe(1);
    expect(idsOf(await jobs().listArchived())).toEqual(['job-a', 'job-b']);
    expect(idsOf(await jobs().list('acc-1'))).toEqual(['job-a', 'job-b']);
  });

  it('revives only the archived jobs of accounts that came back, and counts them (reviveAccounts)', async () => {
    const { stores } = current();
    await jobIn(stores, 'active', 'job-a');
    await jobIn(stores, 'final', 'job-b');
    await jobIn(stores, 'active', 'job-c', { accountId: 'acc-2' });
    await jobIn(stores, 'active', 'job-d', { accountId: 'acc-3' });
    await jobs().archiveAccount('acc-1');
    await jobs().archiveAccount('acc-2');
    expect(await jobs().reviveAccounts([])).toBe(0);
    expect(await jobs().reviveAccounts(['acc-1', 'acc-3', 'acc-9'])).toBe(2);
    expect((await jobs().get('job-a'))?.archived).toBe(false);
    expect((await jobs().get('job-b'))?.archived).toBe(false);
    expect((await jobs().get('job-c'))?.archived).toBe(true);
    expect(idsOf(await jobs().withTracking('active'))).toEqual(['job-a', 'job-d']);
    expect(await jobs().reviveAccounts(['acc-1'])).toBe(0);
  });

  it('archives the jobs of every account it is not told of, and counts them (archiveOrphans)', async () => {
    const { stores } = current();
    await jobIn(stores, 'active', 'job-a');
    await jobIn(stores, 'active', 'job-b', { accountId: 'acc-2' });
    await jobIn(stores, 'final', 'job-c', { accountId: 'acc-2' });
    await jobIn(stores, 'active', 'job-d', { accountId: 'acc-3' });
    await jobs().archiveAccount('acc-3');
    expect(await jobs().archiveOrphans(['acc-1'])).toBe(2);
    expect(idsOf(await jobs().listArchived())).toEqual(['job-b', 'job-c', 'job-d']);
    expect(idsOf(await jobs().withTracking('active'))).toEqual(['job-a']);
    expect(await jobs().archiveOrphans(['acc-1'])).toBe(0);
    expect(await jobs().archiveOrphans([])).toBe(1);
    expect((await jobs().get('job-a'))?.archived).toBe(true);
  });

  it('removes an account’s jobs and counts them, and no other’s (removeAccount)', async () => {
    const { stores } = current();
    await jobIn(stores, 'active', 'job-a');
    await jobIn(stores, 'final', 'job-b');
    await jobIn(stores, 'active', 'job-c', { accountId: 'acc-2' });
    expect(await jobs().removeAccount('acc-1')).toBe(2);
    expect(await jobs().list('acc-1')).toEqual([]);
    expect(idsOf(await jobs().list('acc-2'))).toEqual(['job-c']);
    expect(await jobs().removeAccount('acc-1')).toBe(0);
  });

  it('names each live account with jobs once (accountIds)', async () => {
    const { stores } = current();
    expect(await jobs().accountIds()).toEqual([]);
    await jobIn(stores, 'active', 'job-a');
    await jobIn(stores, 'final', 'job-b');
    await jobIn(stores, 'pending', 'job-c', { accountId: 'acc-2' });
    await jobIn(stores, 'final', 'job-d', { accountId: 'acc-3' });
    await jobs().archiveAccount('acc-3');
    expect([...(await jobs().accountIds())].sort()).toEqual(['acc-1', 'acc-2']);
  });

  it('counts the live jobs being sent or followed (countRunning)', async () => {
    const { stores } = current();
    const states: TrackingState[] = [
      'pending',
      'refused',
      'submitting',
      'unknown',
      'active',
      'final',
      'lost',
    ];
    for (const state of states) await jobIn(stores, state, `job-${state}`);
    await jobIn(stores, 'active', 'job-active-2', { accountId: 'acc-2' });
    await jobIn(stores, 'submitting', 'job-submitting-2', { accountId: 'acc-2' });
    expect(await jobs().countRunning()).toBe(4);
    await jobs().archiveAccount('acc-2');
    expect(await jobs().countRunning()).toBe(2);
  });

  it('counts a batch’s rows not yet ended: pending, submitting, active, unknown (openInBatch)', async () => {
    const { stores } = current();
    await stores.batches.create(batch('b-1', 7));
    await stores.batches.create(batch('b-2', 3));
    // r0 stays pending.
    await jobs().claimPending('b-1-r1');
    await jobs().claimPending('b-1-r2');
    await jobs().applyRecord('b-1-r2', running('u-2'), T0 + 1);
    await jobs().setTracking('b-1-r3', 'unknown', 'Cut off.');
    await jobs().setTracking('b-1-r4', 'refused', 'Bad value.');
    await jobs().applyRecord('b-1-r5', succeeded('u-5'), T0 + 1);
    await jobs().setTracking('b-1-r6', 'lost', 'Gone.');
    expect(await jobs().openInBatch('b-1')).toBe(4);
    expect(await jobs().openInBatch('b-2')).toBe(3);
    expect(await jobs().openInBatch('b-none')).toBe(0);
  });

  it('counts a batch’s successes and failures under its current name (batchCounts)', async () => {
    const { stores } = current();
    await stores.batches.create(batch('b-1', 5));
    expect(await jobs().batchCounts('b-1')).toEqual({ succeeded: 0, failed: 0, name: 'Sheet b-1' });
    await jobs().applyRecord('b-1-r0', succeeded('u-0'), T0 + 1);
    await jobs().applyRecord('b-1-r1', succeeded('u-1'), T0 + 1);
    await jobs().applyRecord('b-1-r2', failed('u-2'), T0 + 1);
    await jobs().applyRecord('b-1-r3', running('u-3'), T0 + 1);
    await stores.batches.rename('b-1', 'Spring posters');
    expect(await jobs().batchCounts('b-1')).toEqual({ succeeded: 2, failed: 1, name: 'Spring posters' });
  });

  it('names a batch by its own name when none of its rows is left (batchCounts)', async () => {
    await current().stores.batches.create(batch('b-1', 2));
    await jobs().removeInBatch('b-1', 'pending');
    expect(await jobs().batchCounts('b-1')).toEqual({ succeeded: 0, failed: 0, name: 'Sheet b-1' });
  });

  it('names a batch it has no record of after its id’s first 8 characters (batchCounts)', async () => {
    await jobIn(current().stores, 'final', 'job-a', { batchId: '0f8fad5b-d9cb-469f', batchRow: 0 });
    expect(await jobs().batchCounts('0f8fad5b-d9cb-469f')).toEqual({
      succeeded: 1,
      failed: 0,
      name: 'Batch 0f8fad5b',
    });
  });

  it('reads an account’s finished jobs’ times, the latest first, up to a limit (finishedJobs)', async () => {
    const { stores } = current();
    for (let i = 0; i < 4; i += 1) {
      await jobIn(
        stores,
        'final',
        `job-${i}`,
        { nowMs: T0 + i, projectId: `p-${i}`, jobType: i % 2 ? 'image' : 'video' },
        succeeded(`u-${i}`, { finishedAt: `2026-11-26T08:0${i}:00.000Z` }),
      );
    }
    await jobIn(stores, 'active', 'job-running', { nowMs: T0 + 10 });
    await jobIn(stores, 'final', 'job-other', { nowMs: T0 + 11, accountId: 'acc-2' });
    await jobIn(stores, 'final', 'job-untimed', { nowMs: T0 + 12 }, succeeded('u-x', { createdAt: null }));
    await jobs().markRequeued(['job-1'], T0 + 20);
    await jobs().applyRecord('job-1', succeeded('u-1', { finishedAt: '2026-11-26T09:00:00.000Z' }), T0 + 21);

    expect(await jobs().finishedJobs('acc-1')).toEqual([
      {
        projectId: 'p-3',
        jobType: 'image',
        createdAt: '2026-11-26T08:00:00.000Z',
        finishedAt: '2026-11-26T08:03:00.000Z',
        requeuedMs: null,
      },
      {
        projectId: 'p-2',
        jobType: 'video',
        createdAt: '2026-11-26T08:00:00.000Z',
        finishedAt: '2026-11-26T08:02:00.000Z',
        requeuedMs: null,
      },
      {
        projectId: 'p-1',
        jobType: 'image',
        createdAt: '2026-11-26T08:00:00.000Z',
        finishedAt: '2026-11-26T09:00:00.000Z',
        requeuedMs: T0 + 20,
      },
      {
        projectId: 'p-0',
        jobType: 'video',
        createdAt: '2026-11-26T08:00:00.000Z',
        finishedAt: '2026-11-26T08:00:00.000Z',
        requeuedMs: null,
      },
    ]);
    expect((await jobs().finishedJobs('acc-1', 2)).map((job) => job.projectId)).toEqual(['p-3', 'p-2']);
    expect(await jobs().finishedJobs('acc-9')).toEqual([]);
  });

  // test/core/cost-estimate.test.ts "SqliteJobs.charges" reads the same rule from rows written in SQL.
  it('reads the project’s successful finished charges of the account, newest first, up to a limit (charges)', async () => {
    const { stores } = current();
    const success = (id: string, credits: number | null, day: number, over = {}) =>
      jobIn(
        stores,
        'final',
        id,
        over,
        succeeded(`u-${id}`, { creditUsed: credits, finishedAt: `2026-11-0${day}T10:00:00Z` }),
      );
    await success('a', 3, 1);
    await success('c', 7, 3);
    await success('b', 4, 2);
    await success('no-credit', null, 4);
    await jobIn(
      stores,
      'final',
      'failed',
      {},
      failed('u-f', { creditUsed: 1, finishedAt: '2026-11-05T10:00:00Z' }),
    );
    await jobIn(stores, 'active', 'running', {}, running('u-r', { creditUsed: 9 }));
    await success('other-project', 100, 6, { projectId: 'p-2' });
    await success('other-account', 100, 6, { accountId: 'acc-2' });
    await success('requeued', 50, 7);
    await jobs().markRequeued(['requeued'], T0 + 1);
    // Succeeded once, then the service forgot it (a requeue found it gone): its outcome is no longer sure.
    await success('lost', 60, 8);
    await jobs().setTracking('lost', 'lost', 'The service no longer knows this job.');

    expect(await jobs().charges('acc-1', 'p-1')).toEqual([7, 4, 3]);
    expect(await jobs().charges('acc-1', 'p-1', 2)).toEqual([7, 4]);
    expect(await jobs().charges('acc-1', 'p-3')).toEqual([]);
    expect(await jobs().charges('acc-2', 'p-1')).toEqual([100]);
  });

  it('finds the account’s latest success with an output file (latestFinishedWithOutput)', async () => {
    const { stores } = current();
    expect(await jobs().latestFinishedWithOutput('acc-1')).toBeUndefined();
    await jobIn(stores, 'final', 'older', {}, succeeded('u-1', { finishedAt: '2026-11-26T08:00:00.000Z' }));
    await jobIn(stores, 'final', 'latest', {}, succeeded('u-2', { finishedAt: '2026-11-26T09:00:00.000Z' }));
    await jobIn(
      stores,
      'final',
      'no-file',
      {},
      succeeded('u-3', { outputPath: null, finishedAt: '2026-11-26T10:00:00.000Z' }),
    );
    await jobIn(
      stores,
      'final',
      'failed',
      {},
      failed('u-4', { outputPath: 'x.mp4', finishedAt: '2026-11-26T11:00:00.000Z' }),
    );
    await jobIn(
      stores,
      'final',
      'other',
      { accountId: 'acc-2' },
      succeeded('u-5', { finishedAt: '2026-11-26T12:00:00.000Z' }),
    );
    const latest = await jobs().latestFinishedWithOutput('acc-1');
    expect(latest?.id).toBe('latest');
    expect(latest).toEqual(await jobs().get('latest'));
  });

  it('lists an account’s jobs first seen newest first, then by id, archived ones too (list, listArchived)', async () => {
    const { stores } = current();
    // Seen at the same time, written in neither id order nor its reverse: the id decides, not the writing.
    await jobIn(stores, 'final', 'job-b', { nowMs: T0 + 1 });
    await jobIn(stores, 'active', 'job-c', { nowMs: T0 + 1 });
    await jobIn(stores, 'final', 'job-a', { nowMs: T0 + 1 });
    await jobIn(stores, 'final', 'job-e', { nowMs: T0 + 2 });
    await jobIn(stores, 'pending', 'job-d', { nowMs: T0 });
    await jobIn(stores, 'final', 'job-f', { nowMs: T0 + 5, accountId: 'acc-2' });
    const order = (list: Job[]) => list.map((job) => job.id);
    expect(order(await jobs().list('acc-1'))).toEqual(['job-e', 'job-a', 'job-b', 'job-c', 'job-d']);
    expect(order(await jobs().list('acc-2'))).toEqual(['job-f']);
    expect(await jobs().list('acc-9')).toEqual([]);
    await jobs().archiveOrphans([]);
    expect(order(await jobs().listArchived())).toEqual([
      'job-f',
      'job-e',
      'job-a',
      'job-b',
      'job-c',
      'job-d',
    ]);
  });

  it('reads the live jobs in one tracking state (withTracking)', async () => {
    const { stores } = current();
    const states: TrackingState[] = [
      'pending',
      'refused',
      'submitting',
      'unknown',
      'active',
      'final',
      'lost',
    ];
    for (const state of states) await jobIn(stores, state, `job-${state}`);
    await jobIn(stores, 'unknown', 'job-unknown-2', { accountId: 'acc-2' });
    for (const state of states) {
      const expected = state === 'unknown' ? ['job-unknown', 'job-unknown-2'] : [`job-${state}`];
      expect(idsOf(await jobs().withTracking(state)), state).toEqual(expected);
    }
    await jobs().archiveAccount('acc-2');
    expect(idsOf(await jobs().withTracking('unknown'))).toEqual(['job-unknown']);
  });
}
