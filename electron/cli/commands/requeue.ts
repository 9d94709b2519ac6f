// `jrs requeue <id…>`: sends finished jobs back to the service's worker queue (jobs:requeue, which finds
// and marks the ids the service no longer knows). Running again spends credits: it says what it will cost
// (the projects' learned cost, else each job's last charge) against the balance and asks, as the app does;
// --yes skips the question.
import { Command } from 'commander';
import { counted } from '../../shared/domain/plural';
import { rerunCostWords } from '../../shared/domain/rerun-cost-words';
import type { CliRun } from '../cli-run';
import { EXIT, type ExitCode } from '../exit-codes';
import { abortable } from '../interrupt';
import { confirm } from '../prompt';
import { findJobs } from '../resolve-jobs';
import { summaryOf } from '../command-summaries';
import { action } from './action';

async function requeue(run: CliRun, texts: string[], options: { yes?: boolean }): Promise<ExitCode> {
  const session = await run.openCore({ envAccount: true });
  const jobs = findJobs(await session.call('jobs:list'), texts);
  const ids = jobs.map((job) => job.id);
  const { out } = run;

  const cost = await session.call('jobs:requeueCost', { ids });
  // The balance is only said: a service that cannot tell it now does not stop the requeue.
  const balance = await session.call('credits:get').then(
    (answer) => answer.credits,
    () => null,
  );
  const words = rerunCostWords(cost, balance);
  out.note(words.sentence);
  if (words.warning) out.warn(words.warning);
  if (cost.jobs > 0 && options.yes !== true) {
    const question = `Requeue ${counted(cost.jobs, 'job', 'jobs')}?`;
    const yes = await abortable(confirm(question, run.io.stdin, run.io.stderr), run.signal);
    if (!yes) {
      out.note(
        run.io.stdin.isTTY
          ? 'Nothing was requeued.'
          : 'Nothing was requeued (add --yes to requeue without a question).',
      );
      return EXIT.error;
    }
  }

  const result = await session.call('jobs:requeue', { ids });
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
    .description(summaryOf('requeue'))
    .argument('<id...>', 'the jobs’ ids (or their first characters, as "jrs jobs" shows them)')
    .option('-y, --yes', 'requeue without asking')
    .action(action(run, async (texts: string[], options: { yes?: boolean }) => requeue(run, texts, options)));
}
