// `jrs export --csv FILE [--status S] [--project P] [--search TEXT]`: the history as CSV, written by the
// core's own export (jobs:export: UTF-8 with a BOM, a column per value) to FILE.
import { Command } from 'commander';
import { counted } from '../../shared/domain/plural';
import { CliError, UsageError } from '../cli-error';
import type { CliRun } from '../cli-run';
import { filterJobs, parseStatus, type JobFilter } from '../job-filter';
import { summaryOf } from '../command-summaries';
import { action } from './action';

const MAX_ROWS = 10_000;

async function exportCsv(run: CliRun, options: JobFilter & { csv: string }): Promise<void> {
  const path = run.path(options.csv);
  const session = await run.openCore({ envAccount: true, savePath: path });
  const jobs = filterJobs(await session.call('jobs:list'), options);
  if (jobs.length === 0) throw new CliError('No job matches: nothing was written.');
  if (jobs.length > MAX_ROWS) {
    throw new UsageError(
      `${jobs.length} jobs match; one export takes at most ${MAX_ROWS}.`,
      'Narrow it with --status, --project or --search.',
    );
  }
  const result = await session.call('jobs:export', { ids: jobs.map((job) => job.id) });
  run.out.record({ type: 'export', path: result.path, rows: result.rows });
  run.out.line(`Wrote ${counted(result.rows, 'job', 'jobs')} to ${result.path ?? path}.`);
}

export function exportCommand(run: CliRun): Command {
  return new Command('export')
    .description(summaryOf('export'))
    .requiredOption('--csv <file>', 'the CSV file to write')
    .option('--status <status>', 'only jobs in this state', parseStatus)
    .option('--project <project>', 'only jobs of this project (its id, or part of its name)')
    .option('--search <text>', 'only jobs with this text in their id or values')
    .action(action(run, async (options: JobFilter & { csv: string }) => exportCsv(run, options)));
}
