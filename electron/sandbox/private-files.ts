// The sandbox's data folder holds a local account's records and the bytes people uploaded: owner-only
// (folders 0700, files 0600) whatever the umask, and tightened at start when an older version left them
// wider. Links are never followed. (The app's core has its own copy of these rules: the sandbox imports
// no core.)
import {
  chmodSync,
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
} from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;
const HAS_MODES = process.platform !== 'win32';
const uid = (): number | null => (typeof process.getuid === 'function' ? process.getuid() : null);

/**
 * Makes the folder owner-only: created so, or tightened when it is a folder of ours that is wider. A folder
 * someone named with --data-dir (maybe a project folder) is theirs: made when missing, never tightened;
 * the app tightens its own data folder, the sandbox's included, before starting it.
 */
export function privateFolder(dir: string, options: { tighten: boolean } = { tighten: true }): void {
  if (!HAS_MODES) {
    mkdirSync(dir, { recursive: true });
    return;
  }
  try {
    const stats = lstatSync(dir);
    if (!options.tighten) return;
    if (stats.isDirectory() && (uid() === null || stats.uid === uid()) && (stats.mode & 0o077) !== 0) {
      chmodSync(dir, stats.mode & FOLDER_MODE);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
    chmodSync(dir, FOLDER_MODE);
  }
}

/** Makes a file owner-only: created so when `create` is set, tightened when it is ours and wider. */
export function privateFile(path: string, options: { create?: boolean } = {}): void {
  if (!HAS_MODES) return;
  const flags =
    (options.create ? constants.O_RDWR | constants.O_CREAT : constants.O_RDONLY) |
    constants.O_NOFOLLOW |
    constants.O_NONBLOCK;
  let fd: number;
  try {
    fd = openSync(path, flags, PRIVATE_FILE_MODE);
  } catch {
    // Missing, a link, a folder or unreadable: SQLite or the caller says what is wrong with it.
    return;
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isFile() && (uid() === null || stats.uid === uid()) && (stats.mode & 0o077) !== 0) {
      fchmodSync(fd, stats.mode & 0o700);
    }
  } finally {
    closeSync(fd);
  }
}
