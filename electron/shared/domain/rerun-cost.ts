// What sending jobs to run again (a requeue, a batch's "Retry failed") is expected to cost, so that the
// person is asked once, with the sum and the balance, before credits are spent.
import { z } from 'zod';

export const rerunCostSchema = z.object({
  /** Jobs that would run again (and be charged). */
  jobs: z.number().int().min(0),
  /** Jobs asked about that cannot run again (no service id yet, unknown outcome, a removed account's). */
  skipped: z.number().int().min(0),
  /** The expected credits of the jobs whose cost is known (each its project's learned cost, else its last). */
  credits: z.number().min(0),
  /** Of `jobs`, how many have no known cost (no finished job of their project, no charge of their own). */
  unknown: z.number().int().min(0),
});
export type RerunCost = z.infer<typeof rerunCostSchema>;

/** Which jobs: these (a requeue), or a batch's failed and refused rows (its "Retry failed"). */
export const rerunCostParamsSchema = z.union([
  z.object({ ids: z.array(z.string().min(1)).min(1).max(10_000) }),
  z.object({ batchId: z.string().min(1).max(200) }),
]);
export type RerunCostParams = z.infer<typeof rerunCostParamsSchema>;
