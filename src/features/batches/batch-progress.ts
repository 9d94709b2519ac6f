// Where a batch stands, from its jobs and their downloads: how many rows wait, are being sent, were
// refused, run, succeeded, failed, were lost or have an unknown outcome, how many files are saved, and
// when it will likely be done (its running jobs' expected ends, and the rows still waiting at the pace
// rows have been sent so far). One pass over the jobs.
import type { DownloadView } from '../../../electron/shared/domain/download';
import type { JobView } from '../../../electron/shared/domain/job';

export interface BatchProgress {
  total: number;
  pending: number;
  sending: number;
  refused: number;
  unknown: number;
  running: number;
  succeeded: number;
  failed: number;
  lost: number;
  downloaded: number;
  /** Nothing waits, is being sent or runs. */
  finished: boolean;
  /** When it will likely be done (ms since the epoch), or null when it cannot be told. */
  etaMs: number | null;
}

export function jobsOfBatch(byId: Readonly<Record<string, JobView>>, batchId: string): JobView[] {
  return Object.values(byId)
    .filter((job) => job.batchId === batchId)
    .sort((a, b) => (a.batchRow ?? 0) - (b.batchRow ?? 0));
}

export function batchProgress(
  jobs: readonly JobView[],
  downloads: Readonly<Record<string, DownloadView>>,
  now: number,
): BatchProgress {
  const progress: BatchProgress = {
    total: jobs.length,
    pending: 0,
    sending: 0,
    refused: 0,
    unknown: 0,
    running: 0,
    succeeded: 0,
    failed: 0,
    lost: 0,
    downloaded: 0,
    finished: false,
    etaMs: null,
  };
  let latestExpected: number | null = null;
  let firstSent = Infinity;
  let lastSent = -Infinity;
  let sent = 0;
  for (const job of jobs) {
    if (downloads[job.id]?.state === 'done') progress.downloaded += 1;
    switch (job.tracking) {
      case 'pending':
        progress.pending += 1;
        continue;
      case 'submitting':
        progress.sending += 1;
        continue;
      case 'refused':
        progress.refused += 1;
        continue;
      case 'unknown':
        progress.unknown += 1;
        continue;
      case 'lost':
        progress.lost += 1;
        break;
      default:
        if (job.status === 'SUCCESS') progress.succeeded += 1;
        else if (job.status === 'FAILED') progress.failed += 1;
        else {
          progress.running += 1;
          const expected = job.expectedAt === null ? Number.NaN : Date.parse(job.expectedAt);
          if (Number.isFinite(expected)) latestExpected = Math.max(latestExpected ?? 0, expected);
        }
    }
    const created = Date.parse(job.createdAt);
    if (Number.isFinite(created)) {
      sent += 1;
      firstSent = Math.min(firstSent, created);
      lastSent = Math.max(lastSent, created);
    }
  }
  // No job seen yet (a batch just made, its rows not yet in the page) is not a finished batch.
  progress.finished = progress.total > 0 && progress.pending + progress.sending + progress.running === 0;
  if (!progress.finished) {
    let eta = latestExpected ?? now;
    if (progress.pending + progress.sending > 0) {
      // The pace so far: rows sent per ms since the first was sent.
      const span = lastSent - firstSent;
      if (sent < 2 || span <= 0) return progress;
      eta = Math.max(eta, now + ((progress.pending + progress.sending) * span) / (sent - 1));
    } else if (latestExpected === null) {
      return progress;
    }
    progress.etaMs = Math.max(now, eta);
  }
  return progress;
}
