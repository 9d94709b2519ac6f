// The app's data folder and the files in it are the person's alone: folders 0700, files 0600, whatever the
// process's umask, and tightened at start when an older install left them readable by every local user.
// Nothing here follows a link it did not expect, and a data folder another user owns is refused in words.
import {
  chmodSync,
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  statSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import { AppError } from '../app/app-error';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Where modes mean nothing (Windows), folders are only made; ACLs of the profile keep them private there. */
const HAS_MODES = process.platform !== 'win32';

const myUid = (): number | null => (typeof process.getuid === 'function' ? process.getuid() : null);

const widerThanOwner = (stats: Stats): boolean => (stats.mode & 0o077) !== 0;

function notMine(dir: string, what: string, uid: number): AppError {
  return new AppError(
    'storage',
    `The app's data folder (${dir}) ${what} another user of this computer (user id ${uid}), so the app will not keep your history and settings there. Remove or rename it, or set JRS_DATA_DIR to a folder of your own, and start again.`,
  );
}

/**
 * Makes `dir` (and any missing parent) owner-only, or tightens it to 0700 when it exists wider. Refuses a
 * folder, or a link in its place, that belongs to another user: they could read or swap what is written.
 */
export function ensurePrivateFolder(dir: string): void {
  if (!HAS_MODES) {
    mkdirSync(dir, { recursive: true });
    return;
  }
  let link: Stats;
  try {
    link = lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    // A umask cannot widen the mode, but a default ACL on the parent can: set it outright.
    chmodSync(dir, PRIVATE_FOLDER_MODE);
    return;
  }
  const uid = myUid();
  if (link.isSymbolicLink() && uid !== null && link.uid !== uid)
    throw notMine(dir, 'is a link owned by', link.uid);
  const target = link.isSymbolicLink() ? statSync(dir) : link;
  if (!target.isDirectory()) {
    throw new AppError(
      'storage',
      `The app's data folder (${dir}) is not a folder. Move that file away, or set JRS_DATA_DIR to a folder of your own, and start again.`,
    );
  }
  if (uid !== null && target.uid !== uid) throw notMine(dir, 'belongs to', target.uid);
  // The owner's own bits stay (a folder made read-only on purpose stays so); the others' go.
  if (widerThanOwner(target)) chmodSync(dir, target.mode & PRIVATE_FOLDER_MODE);
}

/** Missing (and not to be made), a link, a folder, or not readable: nothing to tighten without following it. */
const SKIPPED = new Set(['ENOENT', 'ELOOP', 'EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'ENXIO']);

/**
 * Tightens an existing folder to 0700 without following a link in its place (a link, or a folder of
 * another owner, is left as it is). For folders inside the data folder, which ensurePrivateFolder checked.
 */
export function tightenPrivateFolder(dir: string): void {
  if (!HAS_MODES) return;
  let stats: Stats;
  try {
    stats = lstatSync(dir);
  } catch {
    return;
  }
  const uid = myUid();
  if (stats.isDirectory() && (uid === null || stats.uid === uid) && widerThanOwner(stats)) {
    chmodSync(dir, stats.mode & PRIVATE_FOLDER_MODE);
  }
}

/**
 * Makes the file at `path` owner-only (0600): created that way when `create` is set and it is missing,
 * tightened when it exists wider. A link is left alone (never followed), as is a file of another owner.
 */
export function ensurePrivateFile(path: string, options: { create?: boolean; exact?: boolean } = {}): void {
  if (!HAS_MODES) return;
  const flags =
    (options.create ? constants.O_RDWR | constants.O_CREAT : constants.O_RDONLY) |
    constants.O_NOFOLLOW |
    constants.O_NONBLOCK;
  let fd: number;
  try {
    fd = openSync(path, flags, PRIVATE_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code && SKIPPED.has(code)) return;
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    const uid = myUid();
    if (!stats.isFile() || (uid !== null && stats.uid !== uid)) return;
    if (options.exact && (stats.mode & 0o777) !== PRIVATE_FILE_MODE) fchmodSync(fd, PRIVATE_FILE_MODE);
    else if (widerThanOwner(stats)) fchmodSync(fd, stats.mode & 0o700);
  } finally {
    closeSync(fd);
  }
}

/**
 * An SQLite database about to be opened for writing, and its journal files: SQLite makes new -wal/-shm
 * files with the main file's mode, so that is 0600 first. Journal files left read-only (by a read-only
 * open of a read-only file) are made 0600 again, or SQLite could not write through them.
 */
export function ensurePrivateDatabase(path: string): void {
  ensurePrivateFile(path, { create: true });
  for (const suffix of ['-wal', '-shm', '-journal']) ensurePrivateFile(path + suffix, { exact: true });
}
