// Figures derived from the whole history (running count, average cost), memoised on the history object: it
// is replaced on every change, and these read thousands of jobs, so each is computed once per change.
import type { JobView } from '../../../electron/shared/domain/job';
import { isRunning } from './job-status';
import type { JobsById } from './jobs-store';

function memoOnHistory<T>(compute: (byId: JobsById, accountId: string | null) => T) {
  let lastById: JobsById | null = null;
  let lastAccount: string | null = null;
  let last: T;
  return (byId: JobsById, accountId: string | null): T => {
    if (byId !== lastById || accountId !== lastAccount) {
      last = compute(byId, accountId);
      lastById = byId;
      lastAccount = accountId;
    }
    return last;
  };
}

function ownJobs(byId: JobsById, accountId: string | null): JobView[] {
  return Object.values(byId).filter((job) => !job.archived && job.accountId === accountId);
}

export interface JobCounts {
  running: number;
  /** Outcome unknown: the person has to choose. */
  unknown: number;
}

export const jobCounts = memoOnHistory((byId, accountId): JobCounts => {
  let running = 0;
  let unknown = 0;
  for (const job of ownJobs(byId, accountId)) {
    if (isRunning(job)) running++;
    else if (job.tracking === 'unknown') unknown++;
  }
  return { running, unknown };
});

/** The average credits a finished job of this account used, or null before any job used some. */
export const averageCreditUsed = memoOnHistory((byId, accountId): number | null => {
  let total = 0;
  let count = 0;
  for (const job of ownJobs(byId, accountId)) {
    if (job.tracking === 'final' && job.creditUsed !== null && job.creditUsed > 0) {
      total += job.creditUsed;
      count++;
    }
  }
  return count > 0 ? total / count : null;
});
