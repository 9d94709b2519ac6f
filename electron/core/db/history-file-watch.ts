// Notices the history file deleted, moved or replaced while the app runs. SQLite would go on writing into
// the file it has open (on POSIX a deleted file lives on, unnamed, until closed), and everything written
// after that would be lost at quit. So the file at the path is compared with the one opened (device and
// inode) on a cheap timer and at quit; once it is gone, what the open handle holds is copied (SQLite's
// backup) to a new history at the path, kept up to date until quit, and the person is told. The file or
// its folder made read-only is said too: the next start could not write it.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Clock, TimerHandle, Timers } from '../kernel/ports';
import { historyLock, madeReadOnlyNotice } from './read-only-words';

/** How often the path is looked at: one stat call. */
export const HISTORY_WATCH_MS = 2_000;

interface Identity {
  dev: number;
  ino: number;
  /** When and how big: a copy of ours written to by another program is no longer ours to replace. */
  mtimeMs: number;
  size: number;
}

type Copy = { path: string; identity: Identity | null; changes: number };

export interface HistoryFileWatchDeps {
  db: Database;
  path: string;
  clock: Clock;
  timers: Timers;
  intervalMs?: number;
  /** The history was opened read-only (already said): its being read-only is no news. */
  readOnly?: boolean;
  /** A sentence for the person: what happened to the history file and what to do. */
  onNotice(message: string): void;
  log?(line: string): void;
  /** The temporary file's name in the history's folder; random by default (tests plant at a fixed one). */
  tempName?(): string;
}

/** Made new, owner-only, never through a link: anything already at the name fails the open (EEXIST). */
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

const randomTempName = (): string => `.history-${randomBytes(8).toString('hex')}.copying`;

function identityOf(path: string): Identity | 'gone' | 'unknown' {
  try {
    const { dev, ino, mtimeMs, size } = statSync(path);
    return { dev, ino, mtimeMs, size };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'gone' : 'unknown';
  }
}

const same = (a: Identity | 'gone' | 'unknown', b: Identity): boolean =>
  typeof a === 'object' && a.dev === b.dev && a.ino === b.ino;

const untouched = (a: Identity | 'gone' | 'unknown', b: Identity): boolean =>
  same(a, b) && typeof a === 'object' && a.mtimeMs === b.mtimeMs && a.size === b.size;

export class HistoryFileWatch {
  private readonly opened: Identity;
  /** Once the file was lost: where this run's history is copied to, and the copy's own identity. */
  private copy: Copy | null = null;
  private timer: TimerHandle | null = null;
  private running: Promise<void> = Promise.resolve();
  private disposed = false;
  /** Whether the person was told the file or its folder became read-only (said once until it is undone). */
  private saidReadOnly: boolean;
  private readonly changesStatement;

  constructor(private readonly deps: HistoryFileWatchDeps) {
    const found = identityOf(deps.path);
    if (typeof found !== 'object')
      throw new Error(`The history file ${deps.path} is not there after opening it.`);
    this.opened = found;
    this.saidReadOnly = deps.readOnly === true;
    this.changesStatement = deps.db.prepare('SELECT total_changes() AS n');
  }

  /** Whether this run's history is no longer the file at its path (deleted, moved or replaced). */
  get lost(): boolean {
    return this.copy !== null;
  }

  start(): void {
    this.schedule();
  }

  /** Looks at the path now (and copies what changed when the file was lost); resolves once done. */
  check(): Promise<void> {
    this.running = this.running
      .then(() => this.look())
      .catch((error: unknown) => {
        this.deps.log?.(`Checking the history file failed: ${String(error)}`);
      });
    return this.running;
  }

  /** At quit, before the database closes: a last look, and a last copy of what was written since. */
  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.timer) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    await this.check();
  }

  private schedule(): void {
    if (this.disposed) return;
    this.timer = this.deps.timers.setTimeout(() => {
      void this.check().then(() => this.schedule());
    }, this.deps.intervalMs ?? HISTORY_WATCH_MS);
    this.timer.unref?.();
  }

  private changes(): number {
    return (this.changesStatement.get() as { n: number }).n;
  }

  private async look(): Promise<void> {
    if (this.copy) {
      await this.refreshCopy(this.copy);
      return;
    }
    const now = identityOf(this.deps.path);
    if (now === 'unknown') return;
    if (!same(now, this.opened)) {
      await this.rescue(now === 'gone');
      return;
    }
    // Made read-only: the open file is still written (on POSIX), but the next start could not write it.
    const lock = historyLock(this.deps.path);
    if (lock && !this.saidReadOnly) this.deps.onNotice(madeReadOnlyNotice(this.deps.path, lock));
    this.saidReadOnly = lock !== null || this.deps.readOnly === true;
  }

  /** The file was lost: this run's history goes to a new file, at its path when nothing else is there. */
  private async rescue(gone: boolean): Promise<void> {
    const { path } = this.deps;
    // The open file's journal files still sit beside the path: leaving WAL folds them into it and removes
    // them, so a new file there is not paired with them. Refused while another program has it open too.
    let detached: boolean;
    try {
      detached = this.deps.db.pragma('journal_mode = MEMORY', { simple: true }) === 'memory';
    } catch {
      detached = false;
    }
    const target = gone && detached ? path : this.besidePath();
    this.copy = { path: target, identity: null, changes: -1 };
    const what = gone ? 'was deleted or moved' : 'was replaced by another file';
    const written = await this.writeCopy(this.copy);
    if (written && target === path) {
      this.deps.onNotice(
        `The history file (${path}) ${what} while the app was running. Nothing is lost: the app wrote what it had to a new history file there and keeps it up to date until it quits. Quit and start the app again so that every window and jrs command works on that file.`,
      );
    } else if (written) {
      this.deps.onNotice(
        `The history file (${path}) ${what} while the app was running. Nothing is lost: the app wrote what it had to ${target} and keeps it up to date until it quits. To go on with these jobs, quit the app (and any jrs command), move ${target} to ${path}, and start again.`,
      );
    } else {
      this.deps.onNotice(
        `The history file (${path}) ${what} while the app was running, and a new one could not be written in its folder. The app keeps its history in memory: make the folder writable (or free some space), and it will be written within seconds; anything done after quitting first is lost.`,
      );
    }
  }

  private async refreshCopy(copy: Copy): Promise<void> {
    const now = identityOf(copy.path);
    if (now === 'unknown') return;
    const ours = copy.identity !== null && untouched(now, copy.identity);
    if (now !== 'gone' && !ours) {
      // Another program (a jrs command, another window) wrote to the new history or put a file of its own
      // there: replacing it would lose that work, so this run's history goes beside it.
      const aside = this.besidePath();
      this.copy = { path: aside, identity: null, changes: -1 };
      if (await this.writeCopy(this.copy)) {
        this.deps.onNotice(
          `Another program started using the history at ${copy.path}, so this run's history now goes to ${aside} and is kept up to date there until the app quits. To keep these jobs, quit the app and every jrs command, move ${aside} to ${this.deps.path}, and start again.`,
        );
      }
      return;
    }
    if (ours && copy.changes === this.changes()) return;
    // Written to by this run since the last copy, or removed: copied again, at the same place.
    const before = copy.identity;
    const written = await this.writeCopy(copy);
    if (written && before === null) {
      this.deps.onNotice(
        `The app's history was written to ${copy.path}. Quit and start the app again to work on it.`,
      );
    }
  }

  private besidePath(): string {
    const stamp = new Date(this.deps.clock.now()).toISOString().replace(/[:.]/g, '-');
    return `${this.deps.path}.recovered-${stamp}`;
  }

  /**
   * A whole copy beside the target, then renamed over it: a reader never finds half of one. The temporary
   * file has a random name and is made new (O_EXCL, O_NOFOLLOW, 0600) before SQLite's backup opens it, so
   * a link or file planted at a name known beforehand is never written through: the copy is refused.
   */
  private async writeCopy(copy: Copy): Promise<boolean> {
    const temp = join(dirname(copy.path), (this.deps.tempName ?? randomTempName)());
    const changes = this.changes();
    let made = false;
    try {
      closeSync(openSync(temp, CREATE_NEW, 0o600));
      made = true;
      await this.deps.db.backup(temp);
      renameSync(temp, copy.path);
      const identity = identityOf(copy.path);
      copy.identity = typeof identity === 'object' ? identity : null;
      copy.changes = changes;
      return true;
    } catch (error) {
      // Only a file this call made is removed: what was planted at the name is left as it is.
      if (made) rmSync(temp, { force: true });
      this.deps.log?.(`The history could not be copied to ${copy.path}: ${(error as Error).message}`);
      return false;
    }
  }
}
