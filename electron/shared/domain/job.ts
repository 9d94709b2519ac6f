// A job as the app tracks it: what was submitted, where it stands, and what it produced.
import { z } from 'zod';
import { jobValuesSchema } from '../api/schemas';
import { JOB_TYPES } from '../api/job-types';

export const jobSummarySchema = z.object({
  id: z.string(),
  accountId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  jobType: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  creditUsed: z.number().nullable(),
  /** Storage key of the output, once the job succeeded. */
  outputKey: z.string().nullable(),
  /** Why the job failed, or why it could not be checked lately. */
  error: z.string().nullable(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

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
