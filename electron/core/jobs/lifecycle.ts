// A job's life, in one place: every change of a job's state in the history goes through here, named by the
// state it enters. The submitter, the batch runner, requeue, polling and tracking call it; nothing else
// holds the store's writers (JobsContext hands out reads only). Each step is one atomic write of the store,
// and says so on the events bus (`job:changed`; `job:finished` when polling sees a job end).
import { isFinalStatus } from '../../shared/api/job-types';
import type { Job as ServiceJob } from '../../shared/api/schemas';
import type { Clock } from '../kernel/ports';
import type { ClaimedJob, Job, NewSubmission, TrackedJob } from './job';
import { recordColumns } from './job-mapper';
import type { JobEventBus, JobRef } from './job-events';
import type { JobStore } from './job-store';

/** What the rest of the core may do with the history's jobs: read them. */
export type JobReads = Pick<
  JobStore,
  | 'get'
  | 'getByUuid'
  | 'payload'
  | 'list'
  | 'listArchived'
  | 'withTracking'
  | 'nextPending'
  | 'inBatch'
  | 'accountIds'
  | 'countRunning'
  | 'openInBatch'
  | 'batchCounts'
  | 'finishedJobs'
  | 'charges'
  | 'latestFinishedWithOutput'
>;

export interface JobLifecycleDeps {
  jobs: JobStore;
  clock: Clock;
  events: JobEventBus;
}

export class JobLifecycle {
  constructor(private readonly deps: JobLifecycleDeps) {}

  private get jobs(): JobStore {
    return this.deps.jobs;
  }

  private changed(job: JobRef): void {
    this.deps.events.emit('job:changed', { id: job.id, accountId: job.accountId });
  }

  /** The intent, written before the request is sent: if the app dies now, the job is found `submitting`. */
  async recordIntent(submission: NewSubmission): Promise<void> {
    await this.jobs.insertSubmission(submission, 'submitting');
    this.changed(submission);
  }

  /**
   * A new batch's rows, each `pending`: `write` writes them with the batch itself, all of it or nothing
   * (the batches' store does, in one transaction); once written they are said as changes.
   */
  async recordBatch(rows: readonly NewSubmission[], write: () => Promise<void>): Promise<void> {
    await write();
    for (const job of rows) this.changed(job);
  }

  /** A batch row is taken for sending (pending → submitting), once: false when another sender has it. */
  async claim(job: JobRef): Promise<boolean> {
    if (!(await this.jobs.claimPending(job.id))) return false;
    this.changed(job);
    return true;
  }

  /** Whether claimNext takes several rows in one step (the store can); if not, claim them one by one. */
  get claimsMany(): boolean {
    return this.jobs.claimNextPending !== undefined;
  }

  /**
   * A batch's next rows taken for sending (pending → submitting), at most `limit`, lowest first, each by
   * one sender only: the rows as they are now. Empty when none is left (or the store cannot: claimsMany).
   */
  async claimNext(batchId: string, limit: number): Promise<ClaimedJob[]> {
    if (!this.jobs.claimNextPending || limit <= 0) return [];
    const claimed = await this.jobs.claimNextPending(batchId, limit);
    for (const { job } of claimed) this.changed(job);
    return claimed;
  }

  /** The service answered the create with its record (active, or final at once): the job as it is now. */
  async created(job: JobRef, record: ServiceJob): Promise<Job | undefined> {
    const now = this.deps.clock.now();
    const after = await this.jobs.applyRecord(job.id, recordColumns(record, now), now);
    this.changed(job);
    return after;
  }

  /** The create may or may not have taken effect: the person decides (resubmit or discard). */
  async unknown(job: JobRef, note: string): Promise<void> {
    await this.jobs.setTracking(job.id, 'unknown', note);
    this.changed(job);
  }

  /** At the person's word, an unknown job is sent again: once, and only while it is unknown and live. */
  async resubmitting(job: JobRef): Promise<boolean> {
    if (!(await this.jobs.claimUnknown(job.id))) return false;
    this.changed(job);
    return true;
  }

  /** The person discarded an unknown job: gone, only while it is unknown and live. */
  async discarded(job: JobRef): Promise<boolean> {
    if (!(await this.jobs.removeUnknown(job.id))) return false;
    this.changed(job);
    return true;
  }

  /** The person removed jobs: gone, except those being sent now (they stay until the service answers). */
  async removed(ids: readonly string[]): Promise<JobRef[]> {
    const removed = await this.jobs.removeUnlessSubmitting(ids);
    for (const job of removed) this.changed(job);
    return removed;
  }

  /** A batch row that provably created nothing, for a passing reason: it waits to be sent again. */
  async backToPending(job: JobRef, note: string | null): Promise<void> {
    await this.jobs.setTracking(job.id, 'pending', note);
    this.changed(job);
  }

  /** A batch row the service refused for good (nothing was created). */
  async refused(job: JobRef, note: string): Promise<void> {
    await this.jobs.setTracking(job.id, 'refused', note);
    this.changed(job);
  }

  /** Jobs that provably created nothing, or that the person discarded or removed: gone; how many. */
  async withdrawn(jobs: readonly JobRef[]): Promise<number> {
    const removed = await this.jobs.remove(jobs.map((job) => job.id));
    for (const job of jobs) this.changed(job);
    return removed;
  }

  /** A cancelled batch's unsent rows: gone; their ids. */
  async withdrawnFromBatch(batch: { id: string; accountId: string }): Promise<string[]> {
    const ids = await this.jobs.removeInBatch(batch.id, 'pending');
    for (const id of ids) this.changed({ id, accountId: batch.accountId });
    return ids;
  }

  /**
   * A poll answered: the job as the service sees it now (`before`, as it was, keeps its first finish
   * time). A final answer says the job finished.
   */
  async polled(before: Job, record: ServiceJob): Promise<void> {
    const now = this.deps.clock.now();
    // Only if still followed as it was read: a requeue or a removal in between wins.
    const columns = recordColumns(record, now, before);
    const after = await this.jobs.applyPolled(before.id, columns, now, before.requeuedMs);
    if (!after) return;
    this.changed(after);
    if (isFinalStatus(record.job_status)) this.deps.events.emit('job:finished', after);
  }

  /** The service no longer knows the job. */
  async lost(job: JobRef, note: string): Promise<void> {
    await this.jobs.setTracking(job.id, 'lost', note);
    this.changed(job);
  }

  /** A status check failed; the job stays as it was, with why. */
  async pollFailed(job: JobRef, note: string): Promise<void> {
    await this.jobs.note(job.id, note, this.deps.clock.now());
    this.changed(job);
  }

  /** Finished jobs the service runs again: active, their old outcome cleared. */
  async requeued(jobs: readonly JobRef[]): Promise<void> {
    await this.jobs.markRequeued(
      jobs.map((job) => job.id),
      this.deps.clock.now(),
    );
    for (const job of jobs) this.changed(job);
  }

  /** A job made elsewhere (by its id), now followed here. */
  async tracked(job: TrackedJob): Promise<void> {
    await this.jobs.insertTracked(job);
    this.changed(job);
  }

  /** An unknown job turned out to exist (tracked by its id): it is followed from its record. */
  async found(job: JobRef, record: ServiceJob): Promise<void> {
    await this.created(job, record);
  }

  /** At start: submissions the last run never heard back about are unknown, not lost and not resent. */
  async interruptedToUnknown(note: string): Promise<JobRef[]> {
    const cut = await this.jobs.settleInterrupted(note);
    for (const job of cut) this.changed(job);
    return cut;
  }

  /** The account was removed: its jobs stay, read-only. */
  async archiveAccount(accountId: string): Promise<void> {
    await this.jobs.archiveAccount(accountId);
  }

  async removeAccount(accountId: string): Promise<number> {
    return await this.jobs.removeAccount(accountId);
  }

  async reviveAccounts(known: readonly string[]): Promise<number> {
    return await this.jobs.reviveAccounts(known);
  }

  async archiveOrphans(known: readonly string[]): Promise<number> {
    return await this.jobs.archiveOrphans(known);
  }
}
