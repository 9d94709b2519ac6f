// Whether the account's job statuses are being confirmed by the service: when its polls last got an
// answer, and since when they fail to reach it (the screen says so; the polling retries by itself).
import { z } from 'zod';

export const pollHealthSchema = z.object({
  accountId: z.string(),
  /** When the service last answered a status request (ISO), or null when none yet this run. */
  confirmedAt: z.string().nullable(),
  /** Since when every status request fails to reach the service (ISO); null while it answers. */
  unreachableSince: z.string().nullable(),
  /** Why, in words (the last failure's sentence); null while it answers. */
  reason: z.string().nullable(),
});
export type PollHealth = z.infer<typeof pollHealthSchema>;
