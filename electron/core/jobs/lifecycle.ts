// A job's life, in one place: every change of a job's state in the history goes through here, named by the
// state it enters. The submitter, the batch runner, requeue, polling and tracking call it; nothing else
// holds the store's writers (JobsContext hands out reads only). Each step is one atomic write of the store;
// a step that must not overtake another (a poll answer against a requeue) says so in its condition.
import type { Job as ServiceJob } from '../../shared/api/schemas';
import type { NewBatchRecord } from '../batches/batch';
import type { BatchStore } from '../batches/batch-store';
import type { Clock } from '../kernel/ports';
import type { Job, NewSubmission, TrackedJob } from './job';
import { recordColumns } from './job-mapper';
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
  /** A batch's rows are born with it, in one write (see BatchStore.create). */
  batches: Pick<BatchStore, 'create'>;
  clock: Clock;
}

export class JobLifecycle {
  constructor(private readonly deps: JobLifecycleDeps) {}

  private get jobs(): JobStore {
    return this.deps.jobs;
  }

  /** The intent, written before the request is sent: if the app dies now, the job is found `submitting`. */
  recordIntent(submission: NewSubmission): void {
    this.jobs.insertSubmission(submission, 'submitting');
  }

  /** A new batch and each of its rows, `pending`, at once: all of it or nothing. */
  recordBatch(record: NewBatchRecord): void {
    this.deps.batches.create(record);
  }

  /** A batch row is taken for sending (pending → submitting), once: false when another sender has it. */
  claim(id: string): boolean {
    return this.jobs.claimPending(id);
  }

  /** The service answered the create with its record (active, or final at once). */
  created(id: string, record: ServiceJob): void {
    const now = this.deps.clock.now();
    this.jobs.applyRecord(id, recordColumns(record, now), now);
  }

  /** The create may or may not have taken effect: the person decides (resubmit or discard). */
  unknown(id: string, note: string): void {
    this.jobs.setTracking(id, 'unknown', note);
  }

  /** At the person's word, an unknown job is sent again. */
  resubmitting(id: string): void {
    this.jobs.setTracking(id, 'submitting', null);
  }

  /** A batch row that provably created nothing, for a passing reason: it waits to be sent again. */
  backToPending(id: string, note: string | null): void {
    this.jobs.setTracking(id, 'pending', note);
  }

  /** A batch row the service refused for good (nothing was created). */
  refused(id: string, note: string): void {
    this.jobs.setTracking(id, 'refused', note);
  }

  /** Jobs that provably created nothing, or that the person discarded or removed: gone; how many. */
  withdrawn(ids: readonly string[]): number {
    return this.jobs.remove(ids);
  }

  /** A cancelled batch's unsent rows: gone; their ids. */
  withdrawnFromBatch(batchId: string): string[] {
    return this.jobs.removeInBatch(batchId, 'pending');
  }

  /** A poll answered: the job as the service sees it now (`before` keeps its first finish time). */
  polled(id: string, record: ServiceJob, before: Pick<Job, 'finishedAt'>): void {
    const now = this.deps.clock.now();
    this.jobs.applyRecord(id, recordColumns(record, now, before), now);
  }

  /** The service no longer knows the job. */
  lost(id: string, note: string): void {
    this.jobs.setTracking(id, 'lost', note);
  }

  /** A status check failed; the job stays as it was, with why. */
  pollFailed(id: string, note: string): void {
    this.jobs.note(id, note, this.deps.clock.now());
  }

  /** Finished jobs the service runs again: active, their old outcome cleared. */
  requeued(ids: readonly string[]): void {
    this.jobs.markRequeued(ids, this.deps.clock.now());
  }

  /** A job made elsewhere (by its id), now followed here. */
  tracked(job: TrackedJob): void {
    this.jobs.insertTracked(job);
  }

  /** An unknown job turned out to exist (tracked by its id): it is followed from its record. */
  found(id: string, record: ServiceJob): void {
    this.created(id, record);
  }

  /** At start: submissions the last run never heard back about are unknown, not lost and not resent. */
  interruptedToUnknown(note: string): Job[] {
    const cut = this.jobs.withTracking('submitting');
    for (const job of cut) this.jobs.setTracking(job.id, 'unknown', note);
    return cut;
  }

  /** The account was removed: its jobs stay, read-only. */
  archiveAccount(accountId: string): void {
    this.jobs.archiveAccount(accountId);
  }

  removeAccount(accountId: string): number {
    return this.jobs.removeAccount(accountId);
  }

  reviveAccounts(known: readonly string[]): number {
    return this.jobs.reviveAccounts(known);
  }

  archiveOrphans(known: readonly string[]): number {
    return this.jobs.archiveOrphans(known);
  }
}
