// A job as the app keeps it in its history: what was sent, where the service says it stands (`status`,
// exactly as the service wrote it) and, apart from that, where our own tracking of it stands (`tracking`).
import { z } from 'zod';
import { jobValuesSchema } from '../api/schemas';
import { JOB_TYPES } from '../api/job-types';

/**
 * pending: a batch row written to the history, waiting for its turn to be sent.
 * refused: a batch row the service refused (nothing was created); it can be fixed and sent again.
 * submitting: written to the history, the POST not answered yet.
 * unknown: the POST may or may not have created the job (the app stopped, or the connection broke after
 *   sending); the person chooses to resubmit or discard.
 * active: the service has the job and it is being polled.
 * final: the service reported SUCCESS or FAILED.
 * lost: the service answers "Job not found" for it; it is not polled any more.
 */
export const TRACKING_STATES = [
  'pending',
  'refused',
  'submitting',
  'unknown',
  'active',
  'final',
  'lost',
] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];

export const jobViewSchema = z.object({
  /** The history's own id (also sent as `client_request_id` in the job's input). */
  id: z.string(),
  /** The service's job id, once known. */
  uuid: z.string().nullable(),
  accountId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  jobType: z.string(),
  /** The service's `job_status` as written, null before the service has answered. */
  status: z.string().nullable(),
  tracking: z.enum(TRACKING_STATES),
  /** Why the outcome is unknown or the job lost, or why the last status check failed. */
  trackingNote: z.string().nullable(),
  /** The submitted values (strings or asset objects; tracked jobs may hold anything the service stored). */
  values: z.record(z.string(), z.unknown()),
  /** The text values joined, so that many jobs of one project can be told apart. */
  summary: z.string(),
  /** The service's created_at, or when the app wrote the submission. */
  createdAt: z.string(),
  /** The service's updated_at, once known. */
  updatedAt: z.string().nullable(),
  /** When the service's record first showed a final status. */
  finishedAt: z.string().nullable(),
  creditUsed: z.number().nullable(),
  /** Storage path of the output (`output.output`), once the job succeeded. */
  outputPath: z.string().nullable(),
  /** Why the service says the job failed. */
  error: z.string().nullable(),
  batchId: z.string().nullable(),
  batchRow: z.number().int().nullable(),
  /** Who submitted it (their display name); null for jobs recorded before names were kept. */
  submittedBy: z.string().nullable(),
  /** When the job will likely finish, learned from this project's finished jobs; null without data. */
  expectedAt: z.string().nullable(),
  /** The job belongs to an account that was removed: shown greyed, read-only. */
  archived: z.boolean(),
});
export type JobView = z.infer<typeof jobViewSchema>;

export const jobDetailSchema = jobViewSchema.extend({
  /** The request body sent to POST /jobs/v2 (null for a job tracked by id without one). */
  input: z.unknown(),
  /** The service's last record of the job, as it answered it. */
  record: z.unknown(),
  firstSeenAt: z.string(),
  lastPolledAt: z.string().nullable(),
  nextPollAt: z.string().nullable(),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

/** Many changes in one event, at most a few events a second, for the active account only. */
export const jobsChangedSchema = z.object({
  accountId: z.string(),
  jobs: z.array(jobViewSchema),
  removed: z.array(z.string()),
});
export type JobsChanged = z.infer<typeof jobsChangedSchema>;

export const submitJobSchema = z.object({
  projectId: z.string().min(1),
  projectName: z.string(),
  jobType: z.enum(JOB_TYPES),
  values: jobValuesSchema,
  background: z
    .object({
      music: z.string().url().nullable(),
      volume: z.number().min(0).max(1),
      start: z.number().min(0),
    })
    .optional(),
});
export type SubmitJob = z.infer<typeof submitJobSchema>;

/** A service job id as typed or pasted by a person (a UUID in practice; the spec promises no more). */
export const serviceJobIdSchema = z
  .string()
  .trim()
  .min(1, 'Paste the job’s id.')
  .max(100, 'That is too long to be a job id.')
  .regex(/^[A-Za-z0-9_-]+$/, 'A job id has only letters, digits, dashes and underscores.');

export const requeueResultSchema = z.object({
  /** History ids sent back to the worker queue. */
  requeued: z.array(z.string()),
  /** History ids the service did not know: marked lost. */
  lost: z.array(z.string()),
  /** History ids that could not be requeued (no service id yet, or an archived account). */
  skipped: z.array(z.string()),
});
export type RequeueResult = z.infer<typeof requeueResultSchema>;

/** What a project's next job is expected to cost, learned from its finished jobs in the history. */
export const costEstimateSchema = z.object({
  /** How many successful jobs of the project it is learned from (the latest 50 at most); 0: unknown. */
  samples: z.number().int().min(0),
  /** The median charge; null when there are no samples. */
  typical: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type CostEstimate = z.infer<typeof costEstimateSchema>;
