// `jrs submit <project> --set field=value … [--wait] [--download DIR]`: one job, as the app's form sends
// it (jobs:submit: written to the history before it is sent, so a crash cannot lose or repeat it).
import { mkdir } from 'node:fs/promises';
import { Command } from 'commander';
import { collect, decimal } from '../arg-parsers';
import type { CliRun } from '../cli-run';
import { EXIT, type ExitCode } from '../exit-codes';
import { buildRequest } from '../field-values';
import { reportFiles } from '../file-records';
import { jobRecord, shortId, statusWord, succeeded } from '../job-words';
import { resolveProject } from '../resolve-project';
import { saveFiles } from '../save-files';
import { waitForStartedDownloads } from '../started-downloads';
import { afterSubmitNote, runsTheSandbox } from '../sandbox-words';
import { waitForJobs } from '../wait-jobs';
import { summaryOf } from '../command-summaries';
import { action } from './action';

interface SubmitOptions {
  set?: string[];
  music?: string;
  volume?: number;
  start?: number;
  wait?: boolean;
  download?: string;
}

async function submit(run: CliRun, projectText: string, options: SubmitOptions): Promise<ExitCode> {
  const folder = options.download ? run.path(options.download) : undefined;
  if (folder) await mkdir(folder, { recursive: true });
  const session = await run.openCore({ envAccount: true, downloadFolder: folder });
  if (options.wait || folder) session.requireWorker();
  const project = await resolveProject(session, projectText);
  const mapping = await session.call('projects:fields', { projectId: project.projectId });
  const { request, empty, warnings } = await buildRequest(run, session, project, mapping, {
    sets: options.set ?? [],
    music: options.music,
    volume: options.volume,
    start: options.start,
  });
  const { out } = run;
  for (const warning of warnings) out.warn(warning);
  if (empty.length) out.warn(`Left empty: ${empty.join(', ')}.`);
  const sent = await session.call('jobs:submit', request);
  out.record(jobRecord(sent));
  out.line(`Submitted job ${sent.uuid ?? sent.id} (${statusWord(sent)}).`);
  if (sent.tracking === 'unknown') {
    out.warn(sent.trackingNote ?? 'The outcome of this submission is unknown.');
    out.note(`Check it, then: jrs resubmit ${shortId(sent)}  or  jrs discard ${shortId(sent)}`);
    return EXIT.jobsFailed;
  }
  const onSandbox = await runsTheSandbox(session);
  if (!options.wait && !folder) {
    if (onSandbox) out.note(afterSubmitNote(sent));
    return EXIT.ok;
  }
  run.resumeHint = onSandbox
    ? afterSubmitNote(sent)
    : `The job goes on at the service: see it with "jrs track ${sent.uuid ?? sent.id}".`;
  const [job = sent] = await waitForJobs(run, session, [sent.id]);
  out.record(jobRecord(job));
  if (!succeeded(job)) {
    out.warn(`${statusWord(job)}${job.error ? `: ${job.error}` : ''}`);
    return EXIT.jobsFailed;
  }
  out.line(`${out.out.green('Succeeded')} ${job.uuid ?? job.id}`);
  if (!folder) {
    // Saved by itself where the account's settings say, if they say so: not left half written.
    reportFiles(run, await waitForStartedDownloads(run, session, [job.id]), () => job.uuid);
    return EXIT.ok;
  }
  run.resumeHint = `Run "jrs download ${shortId(job)}" to finish saving the file.`;
  const outcomes = await saveFiles(run, session, () => session.call('downloads:start', { ids: [job.id] }));
  return reportFiles(run, outcomes, () => job.uuid, folder) ? EXIT.ok : EXIT.jobsFailed;
}

export function submitCommand(run: CliRun): Command {
  return new Command('submit')
    .description(summaryOf('submit'))
    .argument('<project>', 'the project’s name or id')
    .option(
      '--set <field=value>',
      'a field’s value (repeat it); @file uploads a file to an image or audio field',
      collect,
    )
    .option('--music <url|@file>', 'background music of a video project')
    .option('--volume <percent>', 'background music volume, 0–100 (default 50)', decimal(0, 100))
    .option('--start <seconds>', 'where the background music starts, in seconds', decimal(0, 86_400))
    .option('--wait', 'wait until the job is finished')
    .option('--download <dir>', 'wait, then save the job’s file in this folder')
    .action(action(run, async (project: string, options: SubmitOptions) => submit(run, project, options)));
}
