// Who submitted what (issue 19): this installation's display name (read, set, back to the default), and
// the active account's credits spent by person and by batch over a period, shown or saved as CSV.
import { z } from 'zod';
import { creditReportParamsSchema, creditReportSchema, displayNameViewSchema } from '../../domain/team';
import { none } from './common';

export const teamChannels = {
  'team:name': { params: none, result: displayNameViewSchema },
  /** The person's own name (checked by main, refused in words); null goes back to the default. */
  'team:setName': {
    params: z.object({ name: z.string().max(1_000).nullable() }),
    result: displayNameViewSchema,
  },
  /** The active account's credits spent in [fromMs, toMs), by person and by batch. */
  'credits:report': { params: creditReportParamsSchema, result: creditReportSchema },
  /** The same report written as CSV where the person chooses; path null when they cancelled. */
  'credits:exportReport': {
    params: z.object({
      fromMs: z.number().int().min(0),
      toMs: z.number().int().min(0),
      /** Names the file offered (e.g. "2026-11-01-to-2026-11-30"): the dates the person chose, in their zone. */
      fileLabel: z
        .string()
        .regex(/^[0-9A-Za-z-]{1,40}$/)
        .optional(),
    }),
    result: z.object({ path: z.string().nullable(), rows: z.number().int() }),
  },
} as const;
