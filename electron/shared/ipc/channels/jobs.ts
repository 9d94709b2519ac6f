// Jobs: submitting one (crash-safe), the active account's history, details, requeue, tracking a job
// created elsewhere, resolving an unknown outcome, removing from the history, and CSV export.
import { z } from 'zod';
import {
  jobDetailSchema,
  jobsChangedSchema,
  jobViewSchema,
  requeueResultSchema,
  serviceJobIdSchema,
  submitJobSchema,
  costEstimateSchema,
} from '../../domain/job';
import { pollHealthSchema } from '../../domain/poll-health';
import { rerunCostParamsSchema, rerunCostSchema } from '../../domain/rerun-cost';
import { byId, none } from './common';

const someIds = z.object({ ids: z.array(z.string().min(1)).min(1).max(10_000) });

export const jobChannels = {
  'jobs:submit': { params: submitJobSchema, result: jobViewSchema },
  /** The active account's history; with includeArchived, also the jobs of removed accounts. */
  'jobs:list': {
    params: z.object({ includeArchived: z.boolean().optional() }).optional(),
    result: z.array(jobViewSchema),
  },
  'jobs:get': { params: byId, result: jobDetailSchema },
  'jobs:requeue': { params: someIds, result: requeueResultSchema },
  /** What requeueing these jobs (or retrying a batch's failed rows) is expected to cost, before asking. */
  'jobs:requeueCost': { params: rerunCostParamsSchema, result: rerunCostSchema },
  /** Whether the active account's statuses are confirmed by the service now, and when they last were. */
  'jobs:pollHealth': { params: none, result: pollHealthSchema },
  /** Asks the service about every open job of the active account now ("Try now"). */
  'jobs:pollNow': { params: none, result: z.undefined() },
  'jobs:track': { params: z.object({ uuid: serviceJobIdSchema }), result: jobViewSchema },
  /** An unknown outcome: send the exact same request again. */
  'jobs:resubmit': { params: byId, result: jobViewSchema },
  /** An unknown outcome: forget it (the person checked, or does not want it). */
  'jobs:discard': { params: byId, result: z.undefined() },
  'jobs:remove': { params: someIds, result: z.object({ removed: z.number().int() }) },
  /** Why the history had to be started anew at launch (a damaged file set aside); null when all is well. */
  'jobs:notice': { params: none, result: z.object({ message: z.string().nullable() }) },
  /** What the project's next job is expected to cost, from its successful jobs in the history. */
  'jobs:costEstimate': {
    params: z.object({ projectId: z.string().min(1).max(200) }),
    result: costEstimateSchema,
  },
  /** Writes the given jobs as CSV where the person chooses; null when they cancelled. */
  'jobs:export': {
    params: someIds,
    result: z.object({ path: z.string().nullable(), rows: z.number().int() }),
  },
} as const;

export const jobEvents = {
  'jobs:changed': jobsChangedSchema,
  /** A notification about this job was clicked: the renderer opens it. */
  'jobs:open': z.object({ id: z.string() }),
  /**
   * Something happened to the history file that the person must know (set aside as damaged at start,
   * deleted or made read-only while the app ran): the sentence says what and what to do. `jobs:notice`
   * answers the latest one.
   */
  'history:notice': z.object({ message: z.string() }),
  /** An account's polls stopped reaching the service, or reach it again. */
  'jobs:pollHealth': pollHealthSchema,
} as const;
