// Waiting until every row of a batch is settled (finished, lost, refused or unknown), on the core's
// events: a bar on a terminal, a line every tenth of the rows elsewhere, and (--json) one `row` object
// per row as it settles.
import type { BatchView } from '../../shared/domain/batch';
import type { JobView } from '../../shared/domain/job';
import type { PayloadOf } from '../../shared/ipc/contract';
import { CliError } from '../cli-error';
import type { CliRun } from '../cli-run';
import type { CoreSession } from '../core-session';
import { isSettled, statusWord } from '../job-words';
import type { RowRecord } from '../records/job-records';
import { JobWatch } from '../job-watch';
import { ProgressBar } from '../progress-bar';
import { countBatch, countsText } from './batch-counts';

/** A batch row's number in its spreadsheet (the header is row 1), as the person's file and the app number it. */
export function sheetRowOf(lines: readonly number[] | null, job: JobView): number | null {
  if (job.batchRow === null) return null;
  return lines?.[job.batchRow] ?? job.batchRow + 1;
}

function rowRecord(job: JobView, lines: readonly number[] | null): RowRecord {
  return {
    type: 'row',
    row: job.batchRow,
    sheetRow: sheetRowOf(lines, job),
    jobId: job.id,
    uuid: job.uuid,
    status: job.status,
    tracking: job.tracking,
    statusText: statusWord(job),
    error: job.error ?? job.trackingNote,
    outputPath: job.outputPath,
  };
}

export async function waitForBatch(
  run: CliRun,
  session: CoreSession,
  batch: BatchView,
  lines: readonly number[] | null,
): Promise<JobView[]> {
  const watch = await JobWatch.start(session);
  let paused = false;
  const stopBatches = session.onEvent((event, payload) => {
    if (event !== 'batches:changed') return;
    const changed = (payload as PayloadOf<'batches:changed'>).batches.find((view) => view.id === batch.id);
    // Paused elsewhere (the desktop app): its rows would wait for ever.
    if (changed?.state === 'paused') paused = true;
  });
  const reported = new Set<string>();
  const bar = ProgressBar.start(run.io, 'Rows', batch.rows);
  let lastTenth = -1;
  try {
    for (;;) {
      const jobs = watch.inBatch(batch.id);
      for (const job of jobs) {
        if (!isSettled(job) || reported.has(job.id)) continue;
        reported.add(job.id);
        run.out.record(rowRecord(job, lines));
      }
      const counts = countBatch(jobs);
      bar.update(counts.settled, counts.rows, countsText(counts));
      const tenth = counts.rows ? Math.floor((counts.settled * 10) / counts.rows) : 10;
      if (!run.out.interactive && !run.out.json && tenth !== lastTenth) {
        run.out.note(`${counts.settled}/${counts.rows} rows done: ${countsText(counts)}`);
      }
      lastTenth = tenth;
      if (counts.settled === counts.rows) return jobs;
      if (paused) {
        throw new CliError(
          `The batch “${batch.name}” was paused (in the app), so its rows are not sent.`,
          undefined,
          'Run the same command again to resume it, or resume it in the app.',
        );
      }
      await watch.changed(run.signal);
    }
  } finally {
    bar.stop();
    stopBatches();
    watch.stop();
  }
}
