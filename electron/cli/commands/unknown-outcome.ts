// `jrs resubmit <id…>` and `jrs discard <id…>`: a person's two answers to a submission whose outcome is
// unknown (the run stopped, or the connection broke, while it was being sent). Nothing is resent unasked.
import { Command } from 'commander';
import type { CliRun } from '../cli-run';
import { EXIT, type ExitCode } from '../exit-codes';
import { jobRecord, shortId, statusWord } from '../job-words';
import { findJobs } from '../resolve-jobs';
import { summaryOf } from '../command-summaries';
import { action } from './action';

async function resubmit(run: CliRun, texts: string[]): Promise<ExitCode> {
  const session = await run.openCore({ envAccount: true });
  let settled = true;
  for (const job of findJobs(await session.call('jobs:list'), texts)) {
    const sent = await session.call('jobs:resubmit', { id: job.id });
    run.out.record(jobRecord(sent));
    run.out.line(`${shortId(job)}  resubmitted: ${sent.uuid ?? ''} (${statusWord(sent)})`);
    settled &&= sent.tracking !== 'unknown';
  }
  return settled ? EXIT.ok : EXIT.jobsFailed;
}

async function discard(run: CliRun, texts: string[]): Promise<void> {
  const session = await run.openCore({ envAccount: true });
  for (const job of findJobs(await session.call('jobs:list'), texts)) {
    await session.call('jobs:discard', { id: job.id });
    run.out.record({ type: 'discarded', id: job.id });
    run.out.line(`${shortId(job)}  discarded`);
  }
}

export function unknownOutcomeCommands(run: CliRun): Command[] {
  const ids = ['<id...>', 'the jobs’ ids (see: jrs jobs --status unknown)'] as const;
  return [
    new Command('resubmit')
      .description(summaryOf('resubmit'))
      .argument(...ids)
      .action(action(run, async (texts: string[]) => resubmit(run, texts))),
    new Command('discard')
      .description(summaryOf('discard'))
      .argument(...ids)
      .action(action(run, async (texts: string[]) => discard(run, texts))),
  ];
}
