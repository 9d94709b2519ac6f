// `jrs batch <project> --sheet FILE …`: a spreadsheet made into jobs through the app's import and batch
// runner, waited for until every row is settled, then its files saved (--download). Running it again with
// the same sheet goes on with the batch it made (nothing already sent is sent again); --new makes another.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename } from 'node:path';
import { Command } from 'commander';
import { collect, wholeNumber } from '../arg-parsers';
import { summarizeBatch } from '../batch/batch-summary';
import { newBatch } from '../batch/new-batch';
import { resumeBatch } from '../batch/resume-batch';
import { SheetMemo } from '../batch/sheet-memo';
import { downloadNote } from '../batch/download-note';
import { waitForBatch } from '../batch/wait-batch';
import { Interrupted, UsageError } from '../cli-error';
import type { CliRun } from '../cli-run';
import { EXIT, type ExitCode } from '../exit-codes';
import { reportFiles } from '../file-records';
import { resolveProject } from '../resolve-project';
import { saveFiles, type FileOutcome } from '../save-files';
import { waitForStartedDownloads } from '../started-downloads';
import { summaryOf } from '../command-summaries';
import { action } from './action';

interface BatchOptions {
  sheet: string;
  sheetName?: string;
  assets?: string;
  map?: string[];
  /** A folder; false with --no-download. */
  download?: string | false;
  name?: string;
  yes?: boolean;
  new?: boolean;
  first?: number;
}

/** The options that shape a new batch only: said to be left aside when the batch exists already. */
function ignoredOptions(options: BatchOptions): string[] {
  const given: Array<[string, unknown]> = [
    ['--assets', options.assets],
    ['--map', options.map?.length],
    ['--name', options.name],
    ['--first', options.first],
  ];
  return given.filter(([, value]) => Boolean(value)).map(([name]) => name);
}

/** The sheet's SHA-256, read as a stream: a file of any size costs no memory (the core refuses it by size). */
async function sheetHash(path: string, signal: AbortSignal | undefined): Promise<string> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path, { signal })) hash.update(chunk as Buffer);
  } catch (error) {
    if (signal?.aborted) throw new Interrupted();
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT'
        ? `--sheet: there is no file at ${path}.`
        : `--sheet: ${path} could not be read (${code ?? (error as Error).message}).`,
    );
  }
  return hash.digest('hex');
}

async function batch(run: CliRun, projectText: string, options: BatchOptions): Promise<ExitCode> {
  const sheetPath = run.path(options.sheet);
  const sheetSha256 = await sheetHash(sheetPath, run.signal);
  const folder = options.download ? run.path(options.download) : undefined;
  if (folder) await mkdir(folder, { recursive: true });
  const session = await run.openCore({
    envAccount: true,
    downloadFolder: folder,
    ...(options.download === false ? { autoDownload: false as const } : {}),
  });
  session.requireWorker();
  const project = await resolveProject(session, projectText);
  const { activeId } = await session.call('accounts:snapshot');
  const memo = await SheetMemo.open(session.dataDir);
  const key = { accountId: activeId ?? '', projectId: project.projectId, sheetSha256 };
  const found = options.new ? null : await memo.find(key, await session.call('batches:list'));
  run.out.note(
    downloadNote({
      folder: options.download === false ? false : folder,
      batchTemplate: found?.batch ? found.batch.nameTemplate : (options.name ?? null),
      settings: await session.call('downloads:settings'),
      guest: !session.isOwner,
    }),
  );

  run.resumeHint = 'Nothing was sent.';
  const made = found?.batch
    ? await resumeBatch(run, session, found.batch, ignoredOptions(options))
    : await newBatch(
        run,
        session,
        project,
        {
          sheetPath,
          sheetName: options.sheetName,
          assets: options.assets,
          map: options.map ?? [],
          nameTemplate: options.name,
          first: options.first,
          yes: options.yes === true,
          name: basename(sheetPath),
        },
        { memo, key, unfinished: found?.entry ?? null },
      );
  if (!made) {
    run.out.note(
      run.io.stdin.isTTY
        ? 'Nothing was submitted.'
        : 'Nothing was submitted (add --yes to submit without a question).',
    );
    return EXIT.error;
  }
  run.out.record({
    type: 'batch',
    id: made.id,
    name: made.name,
    rows: made.rows,
    resumed: Boolean(found?.batch),
  });
  run.resumeHint = `Run the same command again to go on with batch “${made.name}”: rows already sent are not sent again.`;
  // Rows are named by their number in the sheet, as the person's spreadsheet and the app number them.
  const lines = (await session.call('batches:sheet', { id: made.id }))?.lines ?? null;
  const jobs = await waitForBatch(run, session, made, lines);

  let files: FileOutcome[] | null = null;
  if (folder) {
    files = await saveFiles(run, session, () => session.call('batches:download', { id: made.id }));
    reportFiles(run, files, (id) => jobs.find((job) => job.id === id)?.uuid ?? null, folder);
  }
  // Without --download, the files the account's settings save by themselves are not left half written.
  const saved =
    files ??
    (await waitForStartedDownloads(
      run,
      session,
      jobs.map((job) => job.id),
    ));
  const downloaded = saved.filter((file) => file.state === 'done').length;
  return summarizeBatch(run, made, jobs, files, downloaded, lines);
}

export function batchCommand(run: CliRun): Command {
  return new Command('batch')
    .description(summaryOf('batch'))
    .argument('<project>', 'the project’s name or id')
    .requiredOption('--sheet <file>', 'the spreadsheet: CSV, TSV or Excel (.xlsx)')
    .option('--sheet-name <name>', 'the sheet of an Excel workbook to read (the first by default)')
    .option('--assets <dir>', 'the folder of the photos and audio files the rows name')
    .option('--map <column=field>', 'fill a field from this column (repeat it)', collect)
    .option('--download <dir>', 'save the files in this folder once the rows are finished')
    .option('--no-download', 'save no file in this run (the account’s automatic download is left aside)')
    .option('--name <template>', 'how files are named, e.g. "{row.name}.{ext}" (see the app’s Settings)')
    .option('--first <n>', 'send only the first N ready rows', wholeNumber(1))
    .option('-y, --yes', 'submit without asking')
    .option('--new', 'make a new batch even if this sheet was sent before')
    .action(action(run, async (project: string, options: BatchOptions) => batch(run, project, options)));
}
