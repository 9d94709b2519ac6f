// Owner-only folders (0700) and files (0600) whatever the process's umask, for the app's data folder and
// the sandbox's alike: made so, tightened when an older install left them readable by every local user,
// without following a link, and a folder (or a link in its place) that another user owns is refused. Only a
// regular file is ever opened: a pipe, a device or a socket at a name is said, never opened.
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

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Where modes mean nothing (Windows), folders are only made; ACLs of the profile keep them private there. */
const HAS_MODES = process.platform !== 'win32';

const myUid = (): number | null => (typeof process.getuid === 'function' ? process.getuid() : null);

const widerThanOwner = (stats: Stats): boolean => (stats.mode & 0o077) !== 0;

/** Why a folder cannot be kept private: not a folder, or another user's (itself, or the link in its place). */
export type FolderRefusal = 'not-a-folder' | 'link-of-another-user' | 'folder-of-another-user';

/** A folder refused; its message is plain words, and callers that know more (the app) say it their way. */
export class PrivateFolderRefused extends Error {
  constructor(
    readonly dir: string,
    readonly reason: FolderRefusal,
    /** The other user's id (none for not-a-folder). */
    readonly uid: number | null = null,
  ) {
    super(
      reason === 'not-a-folder'
        ? `${dir} is not a folder. Move that file away, or choose a folder of your own.`
        : `${dir} ${reason === 'link-of-another-user' ? 'is a link owned by' : 'belongs to'} another user of this computer (user id ${uid}), who could read or swap what is kept there. Choose a folder of your own.`,
    );
    this.name = 'PrivateFolderRefused';
  }
}

/**
 * Makes `dir` (and any missing parent) owner-only. One that exists is refused when another user owns it, or
 * the link in its place; else it is tightened to 0700 when wider, unless `tighten` is false (a folder
 * someone named on purpose, maybe a project folder: checked, never changed).
 */
export function ensurePrivateFolder(dir: string, options: { tighten?: boolean } = {}): void {
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
    throw new PrivateFolderRefused(dir, 'link-of-another-user', link.uid);
  const target = link.isSymbolicLink() ? statSync(dir) : link;
  if (!target.isDirectory()) throw new PrivateFolderRefused(dir, 'not-a-folder');
  if (uid !== null && target.uid !== uid)
    throw new PrivateFolderRefused(dir, 'folder-of-another-user', target.uid);
  // The owner's own bits stay (a folder made read-only on purpose stays so); the others' go.
  if (options.tighten !== false && widerThanOwner(target)) chmodSync(dir, target.mode & PRIVATE_FOLDER_MODE);
}

/**
 * Tightens an existing folder to 0700 without following a link in its place (a link, or a folder of
 * another owner, is left as it is). For folders inside a data folder that ensurePrivateFolder checked.
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

/** What is at a name that is not a regular file, in words ("a pipe (FIFO)"). */
export function kindOfEntry(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a link';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a pipe (FIFO)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Unreadable, or a part of the path not a folder: nothing to tighten (SQLite or the caller says more). */
const SKIPPED = new Set(['EACCES', 'EPERM', 'ENOTDIR', 'ELOOP', 'ENXIO', 'EISDIR']);

/** Never blocks on a pipe, never makes a terminal the process's own, never follows a link. */
const OPEN_FLAGS = constants.O_NOFOLLOW | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0);

/**
 * Makes the file at `path` owner-only (0600): created that way when `create` is set and it is missing,
 * tightened when it exists wider (to exactly 0600 with `exact`). Only a regular file is opened: a link, a
 * folder, a pipe, a device or a socket at the name is left alone, and what it is returned in words (null
 * for a regular file, or nothing there). A file of another owner is left as it is.
 */
export function ensurePrivateFile(
  path: string,
  options: { create?: boolean; exact?: boolean } = {},
): string | null {
  if (!HAS_MODES) return null;
  let found: Stats | null;
  try {
    found = lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') found = null;
    else if (code && SKIPPED.has(code)) return null;
    else throw error;
  }
  if (found && !found.isFile()) return kindOfEntry(found);
  if (!found && !options.create) return null;
  let fd: number;
  try {
    fd = openSync(
      path,
      (options.create ? constants.O_RDWR | constants.O_CREAT : constants.O_RDONLY) | OPEN_FLAGS,
      PRIVATE_FILE_MODE,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || (code && SKIPPED.has(code))) return null;
    throw error;
  }
  try {
    // Looked at again through the handle: something swapped in after the lstat is not changed.
    const stats = fstatSync(fd);
    if (!stats.isFile()) return kindOfEntry(stats);
    const uid = myUid();
    if (uid !== null && stats.uid !== uid) return null;
    if (options.exact && (stats.mode & 0o777) !== PRIVATE_FILE_MODE) fchmodSync(fd, PRIVATE_FILE_MODE);
    else if (widerThanOwner(stats)) fchmodSync(fd, stats.mode & 0o700);
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Where an SQLite database and its journal files have something other than a file: the name and what. */
export interface NotAFile {
  path: string;
  what: string;
}

/**
 * An SQLite database about to be opened for writing, and its journal files: SQLite makes new -wal/-shm
 * files with the main file's mode, so that is 0600 first. Journal files left read-only (by a read-only
 * open of a read-only file) are made 0600 again, or SQLite could not write through them. A pipe, device,
 * socket or folder at one of the names is returned (SQLite would only say "disk I/O error"); a link there
 * is left to SQLite, which follows it.
 */
export function ensurePrivateDatabase(path: string): NotAFile | null {
  const names: [string, { create?: boolean; exact?: boolean }][] = [
    [path, { create: true }],
    ...['-wal', '-shm', '-journal'].map((suffix): [string, { exact: boolean }] => [
      path + suffix,
      { exact: true },
    ]),
  ];
  for (const [name, options] of names) {
    const what = ensurePrivateFile(name, options);
    if (what !== null && what !== 'a link') return { path: name, what };
  }
  return null;
}
