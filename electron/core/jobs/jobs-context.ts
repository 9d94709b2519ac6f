// What the jobs domain's parts share: the history (read) and the job lifecycle (write), the accounts' connections, the polling, the change
// feed and time.
import type { JobView } from '../../shared/domain/job';
import type { Accounts } from '../accounts/accounts';
import type { Clock, Timers } from '../kernel/ports';
import type { JobChangeFeed } from './job-change-feed';
import { toView } from './job-mapper';
import type { JobPolling } from './job-polling';
import type { JobLifecycle, JobReads } from './lifecycle';
import type { Job } from './job';

export interface JobsContext {
  /** The history's jobs, to read; every change of state goes through `lifecycle`. */
  repo: JobReads;
  lifecycle: JobLifecycle;
  accounts: Accounts;
  polling: JobPolling;
  feed: JobChangeFeed;
  clock: Clock;
  /** Sent as session_id with every job this run of the app submits. */
  sessionId: string;
  /** The display name to record on each job submitted or tracked now (issue 19); none where not wired. */
  submittedBy?: () => Promise<string | null>;
  log?: (line: string) => void;
  /**
   * Waits before writing a created job's record again when the history refused it (a team database
   * restarting comes back within seconds; the job exists and was paid for). None: said at once.
   */
  recordRetries?: { timers: Timers; delaysMs: readonly number[] };
}

export function viewOf(context: JobsContext, row: Job): JobView {
  return toView(row, context.polling.expectedAt(row));
}

/** The row, which must exist (it was just written). */
export async function rowOf(context: JobsContext, id: string): Promise<Job> {
  const row = await context.repo.get(id);
  if (!row) throw new Error(`job ${id} vanished from the history`);
  return row;
}
