// Who submitted what, and what it cost: the display name each installation sets (shared with the team on
// every job it submits) and the credits spent by person and by batch over a period. Shared by main, the
// renderer and the command line, so the rules and the words are the same everywhere.
import { z } from 'zod';

/**
 * Control characters (C0, DEL, C1), line and paragraph separators, and the invisible ones that would make a
 * name look like another (zero-width spaces, direction overrides, the BOM). The zero-width joiner stays:
 * emoji such as 👩‍💻 are made with it.
 */
const CONTROL = /[\p{Cc}\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u2064\ufeff]/u;

export const DISPLAY_NAME_MAX = 60;

/** A display name as typed: trimmed, 1–60 characters, no control characters; each refusal in words. */
export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'Type a name: it is shown on every job you submit.')
  .refine((name) => [...name].length <= DISPLAY_NAME_MAX, {
    message: `Keep the name to ${DISPLAY_NAME_MAX} characters or fewer.`,
  })
  .refine((name) => !CONTROL.test(name), {
    message: 'The name cannot hold line breaks, tabs or other invisible characters.',
  });

/** The name as main answers it: the one in use, and the default it falls back to. */
export const displayNameViewSchema = z.object({
  name: z.string(),
  /** `<OS user>@<host>` (the host alone when the user cannot be read). */
  defaultName: z.string(),
  /** True while the person has not set one of their own. */
  isDefault: z.boolean(),
});
export type DisplayNameView = z.infer<typeof displayNameViewSchema>;

/** Said wherever a job recorded before names were kept appears (the queue, its filter, the report, CSV). */
export const UNNAMED_SUBMITTER = 'Earlier (name not kept)';

/** Said for the jobs outside any batch in the report by batch. */
export const SINGLE_JOBS = 'Single jobs';

export function submitterWords(person: string | null): string {
  return person ?? UNNAMED_SUBMITTER;
}

/** A period of the report: [fromMs, toMs), at most ten years, from before to. */
export const creditReportParamsSchema = z
  .object({
    fromMs: z.number().int().min(0),
    toMs: z.number().int().min(0),
  })
  .refine((period) => period.fromMs < period.toMs, {
    message: 'The period must end after it starts.',
  })
  .refine((period) => period.toMs - period.fromMs <= 10 * 366 * 24 * 3_600_000, {
    message: 'Choose a period of ten years or less.',
  });
export type CreditReportParams = z.infer<typeof creditReportParamsSchema>;

const line = { jobs: z.number().int(), credits: z.number() };

export const creditReportSchema = z.object({
  /** Each person's jobs and credits; null: jobs recorded before names were kept. */
  byPerson: z.array(z.object({ person: z.string().nullable(), ...line })),
  /** Each batch's; batchId null is every job outside a batch ("Single jobs"). */
  byBatch: z.array(z.object({ batchId: z.string().nullable(), name: z.string(), ...line })),
});
export type CreditReport = z.infer<typeof creditReportSchema>;
