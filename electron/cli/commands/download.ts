// `jrs download <id…> | --finished [--to DIR]`: saves finished jobs' files through the core's downloader,
// which resumes a partial file (.part, Range) left by an earlier run, a crash or the desktop app.
import { mkdir } from 'node:fs/promises';
import { Command } from 'commander';
import { UsageError } from '../cli-error';
import type { CliRun } from '../cli-run';
import { EXIT, type ExitCode } from '../exit-codes';
import { reportFiles } from '../file-records';
import { succeeded } from '../job-words';
import { findJobs } from '../resolve-jobs';
import { saveFiles, type StartedDownloads } from '../save-files';
import { summaryOf } from '../command-summaries';
import { action } from './action';

/** downloads:start takes at most 10,000 ids at a time. */
const CHUNK = 10_000;

interface DownloadOptions {
  finished?: boolean;
  to?: string;
}

async function download(run: CliRun, texts: string[], options: DownloadOptions): Promise<ExitCode> {
  if (Boolean(options.finished) === texts.length > 0) {
    throw new UsageError(
      texts.length ? 'Give job ids or --finished, not both.' : 'Which jobs? Give their ids, or --finished.',
      'For example: jrs download 3f2a9c1e  or  jrs download --finished --to ./renders',
    );
  }
  const folder = options.to ? run.path(options.to) : undefined;
  if (folder) await mkdir(folder, { recursive: true });
  const session = await run.openCore({ envAccount: true, downloadFolder: folder });
  session.requireWorker();
  const all = await session.call('jobs:list');
  const jobs = options.finished
    ? all.filter((job) => succeeded(job) && job.outputPath)
    : findJobs(all, texts);
  if (jobs.length === 0) {
    run.out.line('No finished job to download.');
    return EXIT.ok;
  }
  run.resumeHint = 'Run the same command again: partial files go on where they stopped.';
  const ids = jobs.map((job) => job.id);
  const outcomes = await saveFiles(run, session, async () => {
    const started: StartedDownloads = { queued: [], skipped: [], saved: [] };
    for (let at = 0; at < ids.length; at += CHUNK) {
      const part = await session.call('downloads:start', { ids: ids.slice(at, at + CHUNK) });
      started.queued.push(...part.queued);
      started.skipped.push(...part.skipped);
      started.saved.push(...part.saved);
    }
    return started;
  });
  const uuidOf = (id: string) => jobs.find((job) => job.id === id)?.uuid ?? null;
  return reportFiles(run, outcomes, uuidOf, folder) ? EXIT.ok : EXIT.jobsFailed;
}

export function downloadCommand(run: CliRun): Command {
  return new Command('download')
    .description(summaryOf('download'))
    .argument('[id...]', 'the jobs’ ids (or their first characters, as "jrs jobs" shows them)')
    .option('--finished', 'every succeeded job of the account')
    .option('--to <dir>', 'save in this folder instead of the account’s download folder')
    .action(action(run, async (texts: string[], options: DownloadOptions) => download(run, texts, options)));
}
