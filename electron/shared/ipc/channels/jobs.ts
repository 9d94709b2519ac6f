// Jobs: submitting one, and the active account's history.
import { z } from 'zod';
import { jobSummarySchema, submitJobSchema } from '../../domain/job';
import { none } from './common';

export const jobChannels = {
  'jobs:submit': { params: submitJobSchema, result: jobSummarySchema },
  'jobs:list': { params: none, result: z.array(jobSummarySchema) },
} as const;

export const jobEvents = {
  'jobs:changed': jobSummarySchema,
} as const;
