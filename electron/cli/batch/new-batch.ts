// A sheet made into a new batch through the app's import (imports:open → update → submit): its preview
// said, a confirmation asked (credits are spent), then its files uploaded and its rows written at once.
import type { Project } from '../../shared/api/schemas';
import type { BatchView } from '../../shared/domain/batch';
import type { PayloadOf } from '../../shared/ipc/contract';
import { CliError } from '../cli-error';
import type { CliRun } from '../cli-run';
import type { CoreSession } from '../core-session';
import { EXIT } from '../exit-codes';
import { abortable } from '../interrupt';
import { ProgressBar } from '../progress-bar';
import { storageHint } from '../upload-check';
import { confirm } from '../prompt';
import { assetFiles } from './asset-files';
import { columnMapping } from './column-map';
import { reportPreview } from './preview-report';
import type { MemoEntry, MemoKey, SheetMemo } from './sheet-memo';
import { counted } from '../../shared/domain/plural';

export interface NewBatchOptions {
  sheetPath: string;
  sheetName?: string;
  assets?: string;
  map: readonly string[];
  /** The download names' template, e.g. `{row.name}.{ext}`. */
  nameTemplate?: string;
  first?: number;
  yes: boolean;
  /** The batch's name (the sheet's file name). */
  name: string;
}

/** The new batch, or null when the person did not confirm. */
export async function newBatch(
  run: CliRun,
  session: CoreSession,
  project: Project,
  options: NewBatchOptions,
  memo: { memo: SheetMemo; key: MemoKey; unfinished: MemoEntry | null },
): Promise<BatchView | null> {
  const files = options.assets ? await assetFiles(run.path(options.assets)) : [];
  // Read on a thread of the core's: Ctrl-C or SIGTERM stops it at once (the core's close ends the thread).
  run.out.note(`Reading ${options.name}…`);
  let preview = await abortable(
    session.call('imports:open', {
      projectId: project.projectId,
      sheet: { kind: 'path', path: options.sheetPath },
      files,
      sheetName: options.sheetName,
    }),
    run.signal,
  );
  const { importId } = preview;
  let submitted = false;
  try {
    if (options.map.length)
      preview = await session.call('imports:update', {
        importId,
        mapping: columnMapping(options.map, preview),
      });
    const { count, cost } = reportPreview(run, preview, options.first);
    // Its files cannot be uploaded: the same way out as `jrs submit` gives (a bucket, or addresses in the sheet).
    if (!preview.uploads.available && preview.files.count > 0)
      run.out.warn(`  ${await storageHint(session)}`);
    if (count === 0) {
      throw new CliError(
        'No row is ready to submit.',
        EXIT.usage,
        options.assets || !preview.issues.some((issue) => issue.code === 'file-not-found')
          ? 'Fix the rows with errors in the sheet, then run again.'
          : 'The sheet names files: give their folder with --assets DIR.',
      );
    }
    if (!options.yes) {
      const question = `Submit ${counted(count, 'job', 'jobs')}${cost === null ? '' : ` for about ${cost} credits`}?`;
      const yes = await abortable(confirm(question, run.io.stdin, run.io.stderr), run.signal);
      if (!yes) return null;
    }
    const entry = await memo.memo.begin(memo.key, options.name, Date.now(), memo.unfinished);
    // From here the batch may exist (and rows leave) before the answer comes: the next run finds it.
    run.resumeHint =
      'Run the same command again: it goes on with the batch if it was made (nothing is sent twice).';
    const batch = await submitWithProgress(run, session, importId, options);
    submitted = true;
    await memo.memo.settle(entry, batch.id);
    return batch;
  } finally {
    // An import not submitted is closed (the core keeps it in memory otherwise).
    if (!submitted) await session.call('imports:close', { importId }).catch(() => undefined);
  }
}

async function submitWithProgress(
  run: CliRun,
  session: CoreSession,
  importId: string,
  options: NewBatchOptions,
): Promise<BatchView> {
  let bar: ProgressBar | null = null;
  let lastNote = '';
  const stop = session.onEvent((event, payload) => {
    if (event !== 'imports:progress') return;
    const progress = payload as PayloadOf<'imports:progress'>;
    if (progress.importId !== importId || progress.stage !== 'uploading' || progress.total === 0) return;
    bar ??= ProgressBar.start(run.io, 'Uploading', progress.total);
    bar.update(progress.done, progress.total);
    // Said under the bar while an upload waits to be tried again.
    if (progress.note && progress.note !== lastNote) run.out.note(progress.note);
    lastNote = progress.note ?? '';
  });
  try {
    return await abortable(
      session.call('imports:submit', {
        importId,
        name: options.name,
        firstRows: options.first,
        nameTemplate: options.nameTemplate ?? null,
      }),
      run.signal,
    );
  } finally {
    stop();
    (bar as ProgressBar | null)?.stop();
  }
}
