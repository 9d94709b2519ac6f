// What the person can do with downloads, from the queue and the drawer: download jobs' files, pause,
// resume, cancel, and open, show or drag a saved file. Each says how it went in the queue's notice (errors
// as main's sentence). Paths never leave main: the page names jobs.
import type { IpcResult } from '../../../electron/shared/ipc/contract';
import { api, call, failureMessage } from '../../lib/api';
import { jobCount } from '../jobs/job-words';
import { MAX_IDS } from '../queue/queue-actions';
import { useQueueStore, type Notice } from '../queue/queue-store';

function fail(title: string, error: unknown): void {
  useQueueStore.getState().notify({ tone: 'error', title, message: failureMessage(error) });
}

function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let start = 0; start < ids.length; start += MAX_IDS) out.push(ids.slice(start, start + MAX_IDS));
  return out;
}

/** The notice after Download: what is on its way, what is already saved, what has no file. */
export function downloadNotice(counts: { queued: number; skipped: number; saved: number }): Notice {
  const { queued, skipped, saved } = counts;
  const extra = [
    saved > 0 ? `${jobCount(saved)} ${saved === 1 ? 'is' : 'are'} already saved.` : null,
    skipped > 0
      ? `${jobCount(skipped)} ${skipped === 1 ? 'has' : 'have'} no file to download (not finished, or failed).`
      : null,
  ]
    .filter(Boolean)
    .join(' ');
  if (queued > 0) {
    const files = queued === 1 ? 'One file is' : `${queued.toLocaleString()} files are`;
    return {
      tone: 'success',
      title: 'Downloading',
      message: `${files} on the way; the File column shows their progress.${extra ? ` ${extra}` : ''}`,
    };
  }
  if (saved > 0) return { tone: 'info', title: 'Already saved', message: extra };
  return {
    tone: 'info',
    title: 'Nothing to download',
    message: `None of these jobs has a file yet. ${extra}`,
  };
}

/**
 * Downloads into the folder chosen in Settings. A file already saved (in any folder, e.g. by `jrs batch
 * --download DIR`) counts as saved; `saveElsewhere` (the details' "Save it in the chosen folder", asked for
 * one job on purpose) saves it again in the chosen folder.
 */
export async function downloadJobs(
  ids: readonly string[],
  options: { saveElsewhere?: boolean } = {},
): Promise<void> {
  if (ids.length === 0) return;
  const elsewhere = options.saveElsewhere ? ({ elsewhere: 'save' } as const) : {};
  try {
    const counts = { queued: 0, skipped: 0, saved: 0 };
    for (const part of chunks(ids)) {
      const result = await call(() => api().downloads.start({ ids: part, ...elsewhere }));
      counts.queued += result.queued.length;
      counts.skipped += result.skipped.length;
      counts.saved += result.saved.length;
    }
    useQueueStore.getState().notify(downloadNotice(counts));
  } catch (error) {
    fail('The files could not be downloaded', error);
  }
}

async function each(
  ids: readonly string[],
  title: string,
  send: (part: string[]) => Promise<IpcResult<undefined>>,
): Promise<void> {
  if (ids.length === 0) return;
  try {
    for (const part of chunks(ids)) await call(() => send(part));
  } catch (error) {
    fail(title, error);
  }
}

export const pauseDownloads = (ids: readonly string[]) =>
  each(ids, 'The downloads could not be paused', (part) => api().downloads.pause({ ids: part }));
export const resumeDownloads = (ids: readonly string[]) =>
  each(ids, 'The downloads could not be resumed', (part) => api().downloads.resume({ ids: part }));
export const cancelDownloads = (ids: readonly string[]) =>
  each(ids, 'The downloads could not be cancelled', (part) => api().downloads.cancel({ ids: part }));

export async function openFile(jobId: string): Promise<void> {
  try {
    await call(() => api().downloads.open({ id: jobId }));
  } catch (error) {
    fail('The file could not be opened', error);
  }
}

export async function showInFolder(jobId: string): Promise<void> {
  try {
    await call(() => api().downloads.showInFolder({ id: jobId }));
  } catch (error) {
    fail('The folder could not be shown', error);
  }
}

/** On dragstart: main starts the system's drag of the file itself (the page has no path to give). */
export function dragFile(event: React.DragEvent, jobId: string): void {
  event.preventDefault();
  void call(() => api().downloads.startDrag({ id: jobId })).catch((error: unknown) =>
    fail('The file could not be dragged', error),
  );
}
