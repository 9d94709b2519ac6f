// The built-in sandbox runs inside jrs, only while a command runs (unless the desktop app holds the history
// and runs it): its jobs do not move between runs. Said where a person would otherwise wait in vain.
import type { JobView } from '../shared/domain/job';
import { counted } from '../shared/domain/plural';
import type { CoreSession } from './core-session';

/** Whether this run works on the built-in sandbox and runs it itself (no other program does). */
export async function runsTheSandbox(session: CoreSession): Promise<boolean> {
  if (!session.isOwner) return false;
  const { accounts, activeId } = await session.call('accounts:snapshot');
  return accounts.some((account) => account.id === activeId && account.kind === 'sandbox');
}

/** After a submission without --wait: the job waits for the next command that lets the sandbox work. */
export function afterSubmitNote(job: Pick<JobView, 'uuid' | 'id'>): string {
  return `The built-in sandbox works only while a jrs command runs: let this job finish with "jrs jobs --wait" (or "jrs track ${job.uuid ?? job.id}").`;
}

/** `jrs jobs` with open jobs on the sandbox: why they do not move, and how to go on. */
export function openJobsNote(open: readonly Pick<JobView, 'uuid'>[]): string[] {
  const one = open.length === 1 ? open[0] : undefined;
  return [
    `${counted(open.length, 'job', 'jobs')} on the built-in sandbox ${open.length === 1 ? 'is' : 'are'} not finished: the sandbox works only while a jrs command runs.`,
    `Run "jrs jobs --wait" to let ${one ? 'it' : 'them'} finish${one?.uuid ? ` (or "jrs track ${one.uuid}" for one job)` : ''}.`,
  ];
}
