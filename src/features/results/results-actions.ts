// What a result's actions do: open the file in its app, show it in its folder, drag it out (the desktop
// app only), each through main by job id (the page never has a path to give). Failures are said on the
// Results screen in main's words.
import { api, call, failureMessage } from '../../lib/api';
import { useResultsStore } from './results-store';

function fail(title: string, error: unknown): void {
  useResultsStore.getState().notify({ tone: 'error', title, message: failureMessage(error) });
}

export async function openResult(jobId: string): Promise<void> {
  try {
    await call(() => api().downloads.open({ id: jobId }));
  } catch (error) {
    fail('The file could not be opened', error);
  }
}

export async function showResultInFolder(jobId: string): Promise<void> {
  try {
    await call(() => api().downloads.showInFolder({ id: jobId }));
  } catch (error) {
    fail('The folder could not be shown', error);
  }
}

/** On dragstart: main starts the system's drag of the file itself. */
export function dragResult(event: React.DragEvent, jobId: string): void {
  event.preventDefault();
  void call(() => api().downloads.startDrag({ id: jobId })).catch((error: unknown) =>
    fail('The file could not be dragged', error),
  );
}

/** Where the page may load the saved file from (to play audio, or show a video without ffmpeg). */
export async function resultFileUrl(jobId: string): Promise<string | null> {
  return (await call(() => api().downloads.previewUrl({ id: jobId }))).url;
}
