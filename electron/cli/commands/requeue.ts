// `jrs requeue <id…>`: sends finished jobs back to the service's worker queue (jobs:requeue, which finds
// and marks the ids the service no longer knows).
import { Command } from 'commander';
import { counted } from '../../shared/domain/plural';
import type { CliRun } from '../cli-run';
import { EXIT, type ExitCode } from '../exit-codes';
import { findJobs } from '../resolve-jobs';
import { action } from './action';

async function requeue(run: CliRun, texts: string[]): Promise<ExitCode> {
  const session = await run.openCore({ envAccount: true });
  const jobs = findJobs(await session.call('jobs:list'), texts);
  const result = await session.call('jobs:requeue', { ids: jobs.map((job) => job.id) });
  const { out } = run;
  out.record({ type: 'requeue', ...result });
  const name = (id: string) => {
    const job = jobs.find((candidate) => candidate.id === id);
    return (job?.uuid ?? id).slice(0, 8);
  };
  if (result.requeued.length)
    out.line(
      `Requeued ${counted(result.requeued.length, 'job', 'jobs')}: ${result.requeued.map(name).join(', ')}.`,
    );
  if (result.lost.length)
    out.warn(`The service no longer knows ${result.lost.map(name).join(', ')}: marked lost.`);
  if (result.skipped.length) {
    out.warn(
      `Not requeued (not at the service yet, an unknown outcome, or a removed account’s): ${result.skipped.map(name).join(', ')}.`,
    );
  }
  return result.lost.length || result.skipped.length ? EXIT.jobsFailed : EXIT.ok;
}

export function requeueCommand(run: CliRun): Command {
  return new Command('requeue')
    .description('send jobs back to the service’s queue to run again')
    .argument('<id...>', 'the jobs’ ids (or their first characters, as "jrs jobs" shows them)')
    .action(action(run, async (texts: string[]) => requeue(run, texts)));
}
