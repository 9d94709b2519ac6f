// The saved file of a finished job, as the gallery may read it: taken from the app's own download record
// (never from the page), not a link, a regular file, and still inside the folder it was saved into.
import nodePath from 'node:path';
import { lstat, realpath, stat } from 'node:fs/promises';
import { AppError } from '../kernel/app-error';
import { isInside } from '../downloads/safe-path';

/** A download record's file and the folder it was saved into. */
export interface SavedFile {
  path: string;
  root: string;
}

export interface CheckedFile {
  /** The real path (no link anywhere in it). */
  path: string;
  size: number;
  mtimeMs: number;
}

/** The file of `saved`, checked; an AppError in the person's words when it cannot be used. */
export async function checkedOutputFile(saved: SavedFile): Promise<CheckedFile> {
  const gone = () =>
    new AppError(
      'not-found',
      `The file is no longer at ${saved.path}. It was moved or deleted: choose Download to fetch it again.`,
    );
  // The downloader never writes through a link (O_NOFOLLOW): a link here was put in its place since.
  const own = await lstat(saved.path).catch(() => null);
  if (!own) throw gone();
  if (own.isSymbolicLink()) {
    throw new AppError(
      'storage',
      `${saved.path} is now a link, not the file the app saved, so the app will not read it.`,
    );
  }
  const real = await realpath(saved.path).catch(() => null);
  if (!real) throw gone();
  const root = await realpath(saved.root).catch(() => saved.root);
  if (!isInside(nodePath, root, real)) {
    throw new AppError(
      'storage',
      `${saved.path} now leads outside the download folder (${saved.root}), so the app will not read it.`,
    );
  }
  const stats = await stat(real);
  if (!stats.isFile()) throw gone();
  return { path: real, size: stats.size, mtimeMs: stats.mtimeMs };
}
