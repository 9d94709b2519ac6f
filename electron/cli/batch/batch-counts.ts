// Where a batch's rows stand, counted from their jobs: for the progress bar and the closing summary.
import type { JobView } from '../../shared/domain/job';
import { isSettled } from '../job-words';

export interface BatchCounts {
  rows: number;
  /** Rows the service has (they have its job id). */
  submitted: number;
  succeeded: number;
  failed: number;
  lost: number;
  unknown: number;
  refused: number;
  /** Rows not sent yet, or on their way. */
  waiting: number;
  running: number;
  settled: number;
}

export function countBatch(jobs: readonly JobView[]): BatchCounts {
  const counts: BatchCounts = {
    rows: jobs.length,
    submitted: 0,
    succeeded: 0,
    failed: 0,
    lost: 0,
    unknown: 0,
    refused: 0,
    waiting: 0,
    running: 0,
    settled: 0,
  };
  for (const job of jobs) {
    if (job.uuid) counts.submitted += 1;
    if (isSettled(job)) counts.settled += 1;
    if (job.tracking === 'pending' || job.tracking === 'submitting') counts.waiting += 1;
    else if (job.tracking === 'unknown') counts.unknown += 1;
    else if (job.tracking === 'refused') counts.refused += 1;
    else if (job.tracking === 'lost') counts.lost += 1;
    else if (job.tracking === 'final' && job.status === 'SUCCESS') counts.succeeded += 1;
    else if (job.tracking === 'final') counts.failed += 1;
    else counts.running += 1;
  }
  return counts;
}

export function countsText(counts: BatchCounts): string {
  const parts = [`${counts.succeeded} succeeded`];
  if (counts.failed) parts.push(`${counts.failed} failed`);
  if (counts.running) parts.push(`${counts.running} running`);
  if (counts.waiting) parts.push(`${counts.waiting} to send`);
  if (counts.refused) parts.push(`${counts.refused} refused`);
  if (counts.lost) parts.push(`${counts.lost} lost`);
  if (counts.unknown) parts.push(`${counts.unknown} unknown`);
  return parts.join(', ');
}
