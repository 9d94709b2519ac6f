// The path of a job's downloaded file, for the few things the host does with it (open, show in its folder,
// drag out, preview). The page only ever names the job: the path comes from the downloads table and is
// checked again here, so a row edited on disk or a folder replaced by a link cannot point elsewhere.
import nodePath from 'node:path';
import { realpath, stat } from 'node:fs/promises';
import { AppError } from '../kernel/app-error';
import type { DownloadStore } from './download-store';
import { isInside } from './safe-path';

/** The finished file's real path; an AppError in the person's words when there is none to use. */
export async function downloadedFile(repo: DownloadStore, jobId: string): Promise<string> {
  const row = await repo.get(jobId);
  if (!row || row.state !== 'done' || !row.path) {
    throw new AppError('not-found', 'This job’s file has not been downloaded yet. Choose Download first.');
  }
  let real: string;
  try {
    real = await realpath(row.path);
    if (!(await stat(real)).isFile()) throw new Error('not a file');
  } catch {
    throw new AppError(
      'not-found',
      `The file is no longer at ${row.path}. It was moved or deleted: choose Download to fetch it again.`,
    );
  }
  const root = await realpath(row.root).catch(() => row.root);
  if (!isInside(nodePath, root, real)) {
    throw new AppError(
      'storage',
      `${row.path} now leads outside the download folder (${row.root}), so the app will not open it.`,
    );
  }
  return real;
}
