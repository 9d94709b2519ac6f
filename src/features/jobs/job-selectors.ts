// Figures derived from the whole history (running count, average cost). The history object is replaced on
// every change (once a frame while jobs change); each figure is a tally that the jobs the change touched
// update (history-changes.ts), and is counted from every job only when those cannot be told.
import type { JobView } from '../../../electron/shared/domain/job';
import { historyChanges } from './history-changes';
import { isRunning } from './job-status';
import type { JobsById } from './jobs-store';

/** A figure kept as sums of what each job adds: `add` counts a job in (sign 1) or out (sign -1). */
function tallyOnHistory<S, T>(
  empty: () => S,
  add: (sums: S, job: JobView, sign: 1 | -1) => void,
  read: (sums: S) => T,
) {
  let lastById: JobsById | null = null;
  let lastAccount: string | null = null;
  let sums = empty();
  let last: T = read(sums);
  const own = (job: JobView | undefined, accountId: string | null): job is JobView =>
    job !== undefined && !job.archived && job.accountId === accountId;
  return (byId: JobsById, accountId: string | null): T => {
    if (byId === lastById && accountId === lastAccount) return last;
    const ids =
      lastById !== null && accountId === lastAccount ? historyChanges.between(lastById, byId) : null;
    if (ids && lastById) {
      for (const id of ids) {
        const before = lastById[id];
        const after = byId[id];
        if (before === after) continue;
        if (own(before, accountId)) add(sums, before, -1);
        if (own(after, accountId)) add(sums, after, 1);
      }
    } else {
      sums = empty();
      for (const id in byId) {
        const job = byId[id];
        if (own(job, accountId)) add(sums, job, 1);
      }
    }
    lastById = byId;
    lastAccount = accountId;
    last = read(sums);
    return last;
  };
}

export interface JobCounts {
  running: number;
  /** Outcome unknown: the person has to choose. */
  unknown: number;
}

export const jobCounts = tallyOnHistory(
  (): JobCounts => ({ running: 0, unknown: 0 }),
  (sums, job, sign) => {
    if (isRunning(job)) sums.running += sign;
    else if (job.tracking === 'unknown') sums.unknown += sign;
  },
  (sums): JobCounts => ({ ...sums }),
);

/**
 * Credits summed in millionths, whole numbers: adding and taking away a job's cost then leaves no rounding
 * behind (0.1 + 0.2 - 0.2 is not 0.1 in floating point).
 */
const MICRO = 1_000_000;

/** The average credits a finished job of this account used, or null before any job used some. */
export const averageCreditUsed = tallyOnHistory(
  () => ({ micro: 0, count: 0 }),
  (sums, job, sign) => {
    if (job.tracking === 'final' && job.creditUsed !== null && job.creditUsed > 0) {
      sums.micro += sign * Math.round(job.creditUsed * MICRO);
      sums.count += sign;
    }
  },
  (sums): number | null => (sums.count > 0 ? sums.micro / sums.count / MICRO : null),
);
