// Saving finished jobs' files through the core's downloader (its .part files, resume, checks and names):
// the downloads are started, then waited for until each is saved or has failed, with a bar on a terminal.
import type { CliRun } from './cli-run';
import type { CoreSession } from './core-session';
import { DownloadWatch, downloadSettled } from './download-watch';
import { ProgressBar } from './progress-bar';

export interface StartedDownloads {
  queued: string[];
  skipped: string[];
  saved: string[];
}

import type { FileOutcome } from './records/download-records';

export type { FileOutcome };

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

export async function saveFiles(
  run: CliRun,
  session: CoreSession,
  start: () => Promise<StartedDownloads>,
): Promise<FileOutcome[]> {
  // Watching first: no change is missed between the start and the first look.
  const watch = await DownloadWatch.start(session);
  try {
    const started = await start();
    // Fresh states of what was just queued (an older, failed attempt must not count as settled).
    await watch.refresh();
    const waiting = started.queued;
    const bar = waiting.length ? ProgressBar.start(run.io, 'Downloading', waiting.length) : null;
    try {
      for (;;) {
        const views = waiting.map((id) => watch.get(id));
        const settled = views.filter((view) => downloadSettled(view)).length;
        const bytes = views.reduce((sum, view) => sum + (view?.bytes ?? 0), 0);
        bar?.update(settled, waiting.length, megabytes(bytes));
        if (settled === waiting.length) break;
        await watch.changed(run.signal);
      }
    } finally {
      bar?.stop();
    }
    const outcome = (jobId: string): FileOutcome => {
      const view = watch.get(jobId);
      return {
        jobId,
        state: view?.state ?? 'failed',
        path: view?.path ?? null,
        bytes: view?.bytes ?? 0,
        error: view?.error ?? null,
      };
    };
    return [
      ...started.saved.map(outcome),
      ...waiting.map(outcome),
      ...started.skipped.map((jobId) => ({
        jobId,
        state: 'skipped' as const,
        path: null,
        bytes: 0,
        error: 'This job has no file to download (it has not succeeded).',
      })),
    ];
  } finally {
    watch.stop();
  }
}
