// What cannot be written of the job history (its file, its folder, or both) and the sentences that say so,
// at start and when it happens while the app runs, each with the command that makes it writable again.
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';

export function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

interface Lock {
  /** "file (…)", "folder (…)" or "file (…) and its folder". */
  subject: string;
  plural: boolean;
  /** `chmod u+w …` of what is locked. */
  fix: string;
}

/** What of the history this user cannot write; null when it all can be. */
export function historyLock(path: string): Lock | null {
  const folder = dirname(path);
  const fileLocked = existsSync(path) && !writable(path);
  const folderLocked = !writable(folder);
  if (!fileLocked && !folderLocked) return null;
  const locked = [fileLocked ? path : null, folderLocked ? folder : null].filter((p) => p !== null);
  return {
    subject:
      fileLocked && folderLocked
        ? `file (${path}) and its folder`
        : fileLocked
          ? `file (${path})`
          : `folder (${folder})`,
    plural: locked.length > 1,
    fix: `Make ${locked.length > 1 ? 'them' : 'it'} writable again (for example: chmod u+w ${locked.map((p) => `"${p}"`).join(' ')})`,
  };
}

/** At start: the history is shown as it is. */
export function readOnlyNotice(path: string): string {
  const lock = historyLock(path) ?? historyLockOfFolder(path);
  return `The job history ${lock.subject} ${lock.plural ? 'are' : 'is'} read-only, so the app shows the jobs it holds but cannot add or change any. ${lock.fix} and start the app again.`;
}

/** While the app runs: the open file is still written (nothing is lost now), but the next start could not. */
export function madeReadOnlyNotice(path: string, lock: Lock): string {
  return `The job history ${lock.subject} ${lock.plural ? 'were' : 'was'} made read-only while the app was running. The app goes on saving to the file it has open until it quits, but after that it could only show the history, not add to it. ${lock.fix}.`;
}

/** A refusal by SQLite that access() did not foresee (another kind of read-only mount): the folder is named. */
function historyLockOfFolder(path: string): Lock {
  return {
    subject: `folder (${dirname(path)})`,
    plural: false,
    fix: `Make it writable again (for example: chmod u+w "${dirname(path)}")`,
  };
}
