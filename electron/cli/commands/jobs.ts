// `jrs jobs [--status S] [--project P] [--search TEXT] [--limit N] [--wait]`: the active account's
// history, newest first, as the app's Queue shows it; with --wait, once the listed open jobs are finished.
import { Command } from 'commander';
import { counted } from '../../shared/domain/plural';
import type { JobView } from '../../shared/domain/job';
import { wholeNumber } from '../arg-parsers';
import type { CliRun } from '../cli-run';
import { filterJobs, parseStatus, type JobFilter } from '../job-filter';
import { isSettled, jobRecord, shortId, statusWord } from '../job-words';
import { openJobsNote, runsTheSandbox } from '../sandbox-words';
import { localTime } from '../time-words';
import { waitForJobs } from '../wait-jobs';
import { summaryOf } from '../command-summaries';
import { action } from './action';

function colouredStatus(run: CliRun, job: JobView): string {
  const word = statusWord(job);
  const { out } = run.out;
  if (job.tracking === 'final') return job.status === 'SUCCESS' ? out.green(word) : out.red(word);
  if (job.tracking === 'lost' || job.tracking === 'refused' || job.tracking === 'unknown')
    return out.yellow(word);
  return word;
}

interface JobsOptions extends JobFilter {
  limit: number;
  wait?: boolean;
}

function printJobs(run: CliRun, shown: readonly JobView[], total: number): void {
  const { out } = run;
  for (const job of shown) out.record(jobRecord(job));
  if (total === 0) return out.line('No job matches.');
  out.table(
    ['ID', 'STATUS', 'PROJECT', 'CREATED', 'CREDITS', 'VALUES'],
    shown.map((job) => [
      shortId(job),
      colouredStatus(run, job),
      job.projectName || job.projectId.slice(0, 8),
      localTime(job.createdAt),
      job.creditUsed === null ? '' : String(job.creditUsed),
      job.summary,
    ]),
  );
  if (total > shown.length) out.note(`… and ${total - shown.length} more (use --limit).`);
}

/** A settled history of this computer's, read without opening the core (settled-history.ts); else false. */
async function quickly(run: CliRun, options: JobsOptions): Promise<boolean> {
  if (options.wait) return false;
  const filtered = Boolean(options.status || options.project?.trim() || options.search?.trim());
  const { io } = run;
  // Loaded here, not with the command: `jrs jobs --help` reads no history and no keychain.
  const [{ readSettledHistory }, { installationKeychain }, { hostInstallation }] = await Promise.all([
    import('../settled-history'),
    import('../../node-host/installation-keychain'),
    import('../../node-host/installation'),
  ]);
  const read = await readSettledHistory(
    io.env,
    () => io.secrets ?? installationKeychain(hostInstallation(), io.env),
    filtered ? null : options.limit,
  );
  if (!read) return false;
  const found = filtered ? filterJobs(read.jobs, options) : read.jobs;
  printJobs(run, found.slice(0, options.limit), filtered ? found.length : read.total);
  return true;
}

async function jobs(run: CliRun, options: JobsOptions): Promise<void> {
  if (await quickly(run, options)) return;
  const session = await run.openCore({ envAccount: true });
  let found = filterJobs(await session.call('jobs:list'), options);
  const onSandbox = await runsTheSandbox(session);
  const { out } = run;
  if (options.wait) {
    const open = found.filter((job) => !isSettled(job));
    if (open.length > 0) {
      session.requireWorker();
      out.note(
        `Waiting for ${counted(open.length, 'job', 'jobs')}${onSandbox ? ' on the built-in sandbox' : ''} to finish…`,
      );
      run.resumeHint = 'The jobs go on where they run: see them again with "jrs jobs".';
      await waitForJobs(
        run,
        session,
        open.map((job) => job.id),
      );
      found = filterJobs(await session.call('jobs:list'), options);
    }
  }
  printJobs(run, found.slice(0, options.limit), found.length);
  // Where another program holds the history, its sandbox does the work and the jobs move.
  if (onSandbox) {
    const open = (await session.call('jobs:list')).filter((job) => !isSettled(job));
    if (open.length > 0) for (const line of openJobsNote(open)) out.note(line);
  }
}

export function jobsCommand(run: CliRun): Command {
  return new Command('jobs')
    .description(summaryOf('jobs'))
    .option(
      '--status <status>',
      'only jobs in this state (succeeded, failed, running, unknown, …)',
      parseStatus,
    )
    .option('--project <project>', 'only jobs of this project (its id, or part of its name)')
    .option('--search <text>', 'only jobs with this text in their id or values')
    .option('--limit <n>', 'at most this many jobs', wholeNumber(1), 50)
    .option('--wait', 'first wait until the listed jobs that are not finished are')
    .action(action(run, async (options: JobsOptions) => jobs(run, options)));
}
