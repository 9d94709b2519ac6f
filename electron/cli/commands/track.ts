// `jrs track <id>`: adds a job made elsewhere (another computer, a script) to the history by the service's
// id, and follows it until it is finished. A submission whose outcome was unknown is settled this way too.
import { Command } from 'commander';
import type { CliRun } from '../cli-run';
import { EXIT, type ExitCode } from '../exit-codes';
import { jobRecord, statusWord, succeeded } from '../job-words';
import { reportFiles } from '../file-records';
import { waitForStartedDownloads } from '../started-downloads';
import { waitForJobs } from '../wait-jobs';
import { summaryOf } from '../command-summaries';
import { action } from './action';

async function track(run: CliRun, uuid: string, options: { wait: boolean }): Promise<ExitCode> {
  const session = await run.openCore({ envAccount: true });
  if (options.wait) session.requireWorker();
  const added = await session.call('jobs:track', { uuid });
  const { out } = run;
  out.record(jobRecord(added));
  out.line(`Tracking job ${added.uuid ?? uuid} (${statusWord(added)}).`);
  if (!options.wait) return EXIT.ok;
  run.resumeHint = `The job is in the history now: see it with "jrs jobs --search ${uuid}".`;
  const [job = added] = await waitForJobs(run, session, [added.id]);
  out.record(jobRecord(job));
  if (succeeded(job)) {
    out.line(`${out.out.green('Succeeded')} ${job.uuid ?? job.id}`);
    reportFiles(run, await waitForStartedDownloads(run, session, [job.id]), () => job.uuid);
    return EXIT.ok;
  }
  out.warn(`${statusWord(job)}${job.error ? `: ${job.error}` : ''}`);
  return EXIT.jobsFailed;
}

export function trackCommand(run: CliRun): Command {
  return new Command('track')
    .description(summaryOf('track'))
    .argument('<id>', 'the job’s id at the service')
    .option('--no-wait', 'add it and return at once')
    .action(action(run, async (uuid: string, options: { wait: boolean }) => track(run, uuid, options)));
}
