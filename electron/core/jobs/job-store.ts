// The jobs port: the job history as the jobs domain needs it, in domain types. SQLite implements it for one
// person (db/sqlite/), PostgreSQL for a team. Each method is one atomic step of its own (a statement or a
// transaction inside the implementation); a step that decides on what it reads says so in its condition.
import type { TrackingState } from '../../shared/domain/job';
import type {
  ClaimedJob,
  FinishedTimes,
  Job,
  JobPayload,
  NewSubmission,
  RecordColumns,
  TrackedJob,
} from './job';

export interface JobStore {
  /** Written before the request is sent: if the app dies now, the job is found as `submitting`. */
  insertSubmission(job: NewSubmission, tracking?: 'submitting' | 'pending'): Promise<void>;
  insertTracked(job: TrackedJob): Promise<void>;
  /** The service's record written on the job: the job as it is now (undefined when it is gone). */
  applyRecord(id: string, columns: RecordColumns, nowMs: number): Promise<Job | undefined>;
  /**
   * A poll's answer, written only if the job is still followed as it was when the poll was read: active,
   * with the same requeue time (a requeue or a removal in between wins). The job as written; undefined when
   * nothing was written.
   */
  applyPolled(
    id: string,
    columns: RecordColumns,
    nowMs: number,
    requeuedMs: number | null,
  ): Promise<Job | undefined>;
  /** Unknown → submitting (a resend at the person's word), once, only for a live job: false otherwise. */
  claimUnknown(id: string): Promise<boolean>;
  /** Drops a live job whose outcome is unknown (the person discarded it): false when it is not such a job. */
  removeUnknown(id: string): Promise<boolean>;
  /** Drops the jobs among `ids` that are not being sent now (those stay until the service answers). */
  removeUnlessSubmitting(ids: readonly string[]): Promise<{ id: string; accountId: string }[]>;
  setTracking(id: string, tracking: TrackingState, note: string | null): Promise<void>;
  /**
   * Submissions cut off before the service answered become `unknown` with `note` (not resent, not lost):
   * every live job still `submitting` in one person's history (only its owner, at take-over, asks); in a
   * team's, only those whose sender is no longer running (another computer's send in flight stays).
   */
  settleInterrupted(note: string): Promise<{ id: string; accountId: string }[]>;
  /** Pending → submitting, once: false when another sender took the row first. */
  claimPending(id: string): Promise<boolean>;
  /**
   * A batch's next pending rows (at most `limit`, lowest first), pending → submitting in one step, each once
   * whatever other senders do: the rows as they are now, each with its stored request (the sender needs no
   * read before sending). A store without it has its rows read (nextPending) and claimed one by one
   * (claimPending); a team's saves those round trips.
   */
  claimNextPending?(batchId: string, limit: number): Promise<ClaimedJob[]>;
  /** Why the last status check failed; the job stays as it was. */
  note(id: string, note: string, nowMs: number): Promise<void>;
  markRequeued(ids: readonly string[], nowMs: number): Promise<void>;
  remove(ids: readonly string[]): Promise<number>;
  /** Drops a batch's rows in one tracking state (its unsent rows, when it is cancelled); their ids. */
  removeInBatch(batchId: string, tracking: TrackingState): Promise<string[]>;
  /** The account was removed: its jobs stay, read-only. */
  archiveAccount(accountId: string): Promise<void>;
  /** Makes the archived jobs of accounts in `known` live again; how many. */
  reviveAccounts(known: readonly string[]): Promise<number>;
  /** Archives the jobs of every account not in `known`; how many. */
  archiveOrphans(known: readonly string[]): Promise<number>;
  removeAccount(accountId: string): Promise<number>;

  /** The jobs of these ids that are in the history (in no particular order): one read for many. */
  getMany(ids: readonly string[]): Promise<Job[]>;
  get(id: string): Promise<Job | undefined>;
  getByUuid(accountId: string, uuid: string): Promise<Job | undefined>;
  /** The request as sent and the last service record (a job's details, a resend). */
  payload(id: string): Promise<JobPayload>;
  list(accountId: string): Promise<Job[]>;
  listArchived(): Promise<Job[]>;
  /** Jobs of accounts still in the list, in one tracking state. */
  withTracking(tracking: TrackingState): Promise<Job[]>;
  /** A batch's next rows waiting to be sent, in row order. */
  nextPending(batchId: string, limit: number): Promise<Job[]>;
  /** Every job of a batch, in row order. */
  inBatch(batchId: string): Promise<Job[]>;
  accountIds(): Promise<string[]>;
  /** Jobs being sent or followed, for the badge and the rail. */
  countRunning(): Promise<number>;
  openInBatch(batchId: string): Promise<number>;
  batchCounts(batchId: string): Promise<{ succeeded: number; failed: number; name: string }>;
  /** The latest finished jobs of an account, for learning how long jobs take. */
  finishedJobs(accountId: string, limit?: number): Promise<FinishedTimes[]>;
  /** What the project's latest successful jobs were charged, newest first. */
  charges(accountId: string, projectId: string, limit?: number): Promise<number[]>;
  /** The account's latest successful job with an output file (for the naming template's preview). */
  latestFinishedWithOutput(accountId: string): Promise<Job | undefined>;
}
