// How a batch ended: the --json summary, a line for people, and what to do about rows that failed, were
// refused or have an unknown outcome. Answers the exit code: 0 only when every row succeeded (and every
// file asked for was saved).
import type { BatchView } from '../../shared/domain/batch';
import type { JobView } from '../../shared/domain/job';
import type { CliRun } from '../cli-run';
import { EXIT, type ExitCode } from '../exit-codes';
import { shortId } from '../job-words';
import type { FileOutcome } from '../save-files';
import { countBatch } from './batch-counts';
import { sheetRowOf } from './wait-batch';
import { counted } from '../../shared/domain/plural';

export function summarizeBatch(
  run: CliRun,
  batch: BatchView,
  jobs: readonly JobView[],
  files: FileOutcome[] | null,
  downloaded: number,
  /** Each row's number in the sheet (batches:sheet), to name rows as the person's file does. */
  lines: readonly number[] | null = null,
): ExitCode {
  const counts = countBatch(jobs);
  const { out } = run;
  out.record({
    type: 'summary',
    batchId: batch.id,
    rows: counts.rows,
    submitted: counts.submitted,
    succeeded: counts.succeeded,
    failed: counts.failed,
    lost: counts.lost,
    unknown: counts.unknown,
    refused: counts.refused,
    downloaded,
  });
  const c = out.out;
  const parts = [c.green(`${counts.succeeded} succeeded`)];
  if (counts.failed) parts.push(c.red(`${counts.failed} failed`));
  if (counts.refused) parts.push(c.yellow(`${counts.refused} refused`));
  if (counts.lost) parts.push(c.yellow(`${counts.lost} lost`));
  if (counts.unknown) parts.push(c.yellow(`${counts.unknown} with an unknown outcome`));
  out.line(`Batch “${batch.name}”: ${counts.rows} rows, ${parts.join(', ')}.`);
  if (files) out.line(`${counted(downloaded, 'file', 'files')} saved.`);
  const ids = (pick: (job: JobView) => boolean) => jobs.filter(pick).slice(0, 5).map(shortId).join(' ');
  for (const job of jobs.filter((candidate) => candidate.tracking === 'refused').slice(0, 5))
    out.warn(`Row ${sheetRowOf(lines, job) ?? '?'} refused: ${job.trackingNote ?? ''}`);
  if (counts.unknown) {
    out.note(
      `${counted(counts.unknown, 'row was', 'rows were')} being sent when a run stopped: the service may or may not have them. Check, then "jrs track <service id>" or "jrs resubmit ${ids((job) => job.tracking === 'unknown')}" (or discard).`,
    );
  }
  if (counts.failed)
    out.note(`Run the failed rows again with: jrs requeue ${ids((job) => job.status === 'FAILED')}`);
  const filesOk = files === null || files.every((file) => file.state === 'done');
  return counts.succeeded === counts.rows && filesOk ? EXIT.ok : EXIT.jobsFailed;
}
