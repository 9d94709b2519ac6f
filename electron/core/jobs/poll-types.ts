// The contract between the poll scheduler (when to ask the service about which job) and the rest of the
// jobs domain (what an answer means for the history). The scheduler knows time, rates and durations;
// it never touches the database.
import type { Job } from '../../shared/api/schemas';

/** A job the scheduler polls: one the service has accepted and that is not final yet. */
export interface PollTarget {
  /** History id. */
  readonly id: string;
  /** Service id, for GET /jobs/:id. */
  readonly uuid: string;
  readonly projectId: string;
  readonly jobType: string;
  /** When the service created it (its created_at), in ms; the first time the app saw it otherwise. */
  readonly startedAtMs: number;
}

/**
 * What the scheduler reports after each poll. A listener may answer a promise (its writes to the history);
 * the scheduler does not wait for it, and the listener owns its failures.
 */
export interface PollListener {
  /** The service answered with the job's record; `final` when its status is SUCCESS or FAILED. */
  onRecord(target: PollTarget, job: Job, final: boolean): void | Promise<void>;
  /** The service answered "Job not found": the scheduler has stopped polling it. */
  onLost(target: PollTarget, reason: string): void | Promise<void>;
  /** The poll failed (network, 5xx, 429, timeout…); the scheduler will try again later. */
  onError(target: PollTarget, error: unknown): void | Promise<void>;
}

/** The job's key for learned durations: jobs of one project and type take similar times. */
export interface DurationKey {
  readonly projectId: string;
  readonly jobType: string;
}

/** One finished job's duration, as the history hands it to DurationModel.load at start. */
export interface DurationSample {
  readonly key: DurationKey;
  readonly durationMs: number;
}
