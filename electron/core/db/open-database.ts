// Opens the history database (SQLite, WAL) in the app's data folder and brings its schema up to date
// with PRAGMA user_version migrations. A damaged file is set aside under a dated name, never silently
// replaced, and the reason is returned so the app can tell the person.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { AppError } from '../kernel/app-error';
import { LATEST_VERSION, MIGRATIONS } from './migrations';
import type { Migration } from './migrations/types';
import { ensurePrivateDatabase, ensurePrivateFolder } from './private-files';
import { readOnlyNotice, writable } from './read-only-words';

export interface OpenedDatabase {
  db: Db;
  /** What happened to a damaged or read-only file, in the person's words; null when all was well. */
  notice: string | null;
  /** The file or its folder cannot be written: the history is shown as it is and nothing is added. */
  readOnly: boolean;
}

function configure(db: Db): void {
  db.pragma('journal_mode = WAL');
  // FULL: a submission written before POST /jobs/v2 must survive a power cut, not only a crash.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
}

/** Runs the migrations after the file's version, each in its own transaction. */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new AppError(
      'database',
      `The job history was written by a newer version of the app (schema ${current}, this app knows ${latest}). Update the app to open it.`,
    );
  }
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    // Two processes opening a new history at once (the app and jrs, two jrs commands) both read an old
    // version above: each migration takes the write lock first (IMMEDIATE) and looks again, so the one that
    // waited finds it applied and skips it, rather than failing on "table jobs already exists".
    db.transaction(() => {
      if ((db.pragma('user_version', { simple: true }) as number) >= migration.version) return;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return db.pragma('user_version', { simple: true }) as number;
}

function check(db: Db): void {
  const result = db.pragma('quick_check', { simple: true });
  if (result !== 'ok') throw new FailedCheck(`quick_check: ${String(result)}`);
}

class FailedCheck extends Error {}

/** Damage (not a busy, full or read-only disk, nor a newer app's file): only then is the file set aside. */
function isDamage(error: unknown): boolean {
  if (error instanceof FailedCheck) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code);
}

function setAside(path: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const aside = `${path}.damaged-${stamp}`;
  renameSync(path, aside);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  }
  return aside;
}

function openChecked(path: string): Db {
  // Owner-only before SQLite opens it: the -wal and -shm files SQLite makes take this file's mode.
  ensurePrivateDatabase(path);
  const db = new Database(path);
  try {
    configure(db);
    check(db);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * SQLite reads a WAL file only where it can make its -shm beside it: in a read-only folder that has none,
 * the history is read from a copy in memory instead (as WAL's header bytes say otherwise, they are set
 * back to a plain file's). Either way nothing is written.
 */
function openForReading(path: string): Db {
  let db: Db | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (error) {
    db?.close();
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code !== 'string' || !/^SQLITE_(READONLY|CANTOPEN)/.test(code)) throw error;
    const image = readFileSync(path);
    if (image.length >= 20) image.fill(1, 18, 20);
    return new Database(image, { readonly: true });
  }
}

/**
 * A history this user cannot write (its file or folder made read-only): opened read-only, as it is, so
 * its jobs can still be seen. Nothing is migrated: an older file must be writable to be brought up to date.
 */
function openReadOnly(path: string): OpenedDatabase {
  const db = openForReading(path);
  try {
    db.pragma('busy_timeout = 5000');
    check(db);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== LATEST_VERSION) {
      throw new AppError(
        'database',
        `${readOnlyNotice(path)} (It was written by ${version > LATEST_VERSION ? 'a newer' : 'an older'} version of the app, which must change it before this one can show it.)`,
      );
    }
  } catch (error) {
    db.close();
    if (error instanceof AppError) throw error;
    throw new AppError('database', `${readOnlyNotice(path)} (${(error as Error).message})`);
  }
  return { db, notice: readOnlyNotice(path), readOnly: true };
}

export function openDatabase(path: string, now: () => number = Date.now): OpenedDatabase {
  ensurePrivateFolder(dirname(path));
  if (existsSync(path) && (!writable(path) || !writable(dirname(path)))) return openReadOnly(path);
  try {
    return { db: openChecked(path), notice: null, readOnly: false };
  } catch (error) {
    if (!existsSync(path)) throw error;
    // Anything else (a newer app's file, a busy or full disk) leaves the file as it is, with a sentence.
    if (!isDamage(error)) {
      if (error instanceof AppError) throw error;
      throw new AppError(
        'database',
        `The job history (${path}) could not be opened: ${(error as Error).message}. Check that the disk has space and the folder can be written, then restart the app.`,
      );
    }
    const aside = setAside(path, now());
    const db = openChecked(path);
    return {
      db,
      readOnly: false,
      notice: `The job history could not be read, so it was set aside as ${aside} and a new, empty history was started. Keep that file if you need its records.`,
    };
  }
}

export { LATEST_VERSION };
