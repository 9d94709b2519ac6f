// A job as the core knows it: what every store hands out and takes in. Each store maps its own rows to
// this (SQLite's text columns, PostgreSQL's), so no domain sees a row.
import type { TrackingState } from '../../shared/domain/job';

export type JobSource = 'form' | 'tracked' | 'batch';

export interface Job {
  id: string;
  /** The service's id, once the create was answered. */
  uuid: string | null;
  accountId: string;
  projectId: string;
  projectName: string;
  jobType: string;
  /** The service's last status (QUEUED … SUCCESS/FAILED), or none before the first answer. */
  status: string | null;
  tracking: TrackingState;
  trackingNote: string | null;
  source: JobSource;
  /** The values as submitted (an empty record where the stored ones are damaged). */
  values: Record<string, unknown>;
  summary: string;
  creditUsed: number | null;
  outputPath: string | null;
  error: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  finishedAt: string | null;
  firstSeenMs: number;
  lastPolledMs: number | null;
  batchId: string | null;
  batchRow: number | null;
  archived: boolean;
  requeuedMs: number | null;
  /** The display name of whoever submitted it (or tracked it); null for jobs recorded before names were kept. */
  submittedBy: string | null;
}

/**
 * The bulky parts of a job, read only where they are needed (a job's details, a resend): the request as
 * sent and the service's last record, each null where none is stored or it is damaged.
 */
export interface JobPayload {
  request: unknown;
  record: unknown;
}

/** A batch row taken for sending, as it is now, with the request it is to send (JobPayload.request). */
export interface ClaimedJob {
  job: Job;
  request: unknown;
}

/** What every new job knows: whose job, of which project, sent with which request and values. */
interface NewJob {
  id: string;
  accountId: string;
  projectId: string;
  projectName: string;
  jobType: string;
  request: unknown;
  values: Record<string, unknown>;
  summary: string;
  nowMs: number;
  /** The submitter's display name current when the job is recorded (given by the caller, never read by a store). */
  submittedBy?: string | null;
}

export interface NewSubmission extends NewJob {
  source: JobSource;
  batchId?: string | null;
  batchRow?: number | null;
}

/** What a service record says about a job, already mapped to fields (see job-mapper.ts). */
export interface RecordColumns {
  uuid: string;
  status: string;
  record: unknown;
  creditUsed: number | null;
  outputPath: string | null;
  error: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  finishedAt: string | null;
  tracking: TrackingState;
}

export interface TrackedJob extends NewJob, RecordColumns {}

/** A finished job's times, for learning how long a project's jobs take. */
export interface FinishedTimes {
  projectId: string;
  jobType: string;
  createdAt: string;
  finishedAt: string;
  requeuedMs: number | null;
}
