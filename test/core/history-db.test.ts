// The history database: migrations from every earlier schema version (with the data kept), a damaged
// file set aside with a message rather than replaced in silence, and a newer app's file left alone.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LATEST_VERSION, migrate, openDatabase } from '../../electron/core/db/open-database';
import { MIGRATIONS } from '../../electron/core/db/migrations';
import { tempFilePaths } from '../fixtures/temp-dirs';

const tempPath = tempFilePaths('jrs-db-', 'history.sqlite');

/** A file exactly as a released version of the app left it: migrated only up to `version`. */
function fileAtVersion(path: string, version: number): void {
  const db = new Database(path);
  migrate(
    db,
    MIGRATIONS.filter((migration) => migration.version <= version),
  );
  if (version >= 1) {
    db.prepare(
      `INSERT INTO jobs (id, uuid, account_id, project_id, project_name, job_type, status, tracking, source,
        values_json, summary, first_seen_ms) VALUES ('h1', 'u1', 'acc', 'p1', 'Promo', 'video', 'SUCCESS',
        'final', 'form', '{"headline":"Hi"}', 'Hi', 1700000000000)`,
    ).run();
  }
  db.close();
}

describe('the history database', () => {
  it('creates a new file at the latest schema version, in WAL mode', () => {
    const path = tempPath();
    const { db, notice } = openDatabase(path);
    expect(notice).toBeNull();
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('migrates once when another process migrated the same new file between its look and its writes', () => {
    const path = tempPath();
    const other = new Database(path);
    const mine = new Database(path);
    // This process reads the file's version; the other process migrates the whole file right then.
    let looked = false;
    const racing = new Proxy(mine, {
      get(target, property) {
        if (property === 'pragma')
          return (source: string, options?: { simple: boolean }) => {
            const seen: unknown = target.pragma(source, options);
            if (!looked && source === 'user_version') {
              looked = true;
              migrate(other);
            }
            return seen;
          };
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    expect(migrate(racing)).toBe(LATEST_VERSION);
    expect(mine.prepare('SELECT count(*) AS n FROM jobs').get()).toEqual({ n: 0 });
    other.close();
    mine.close();
  });

  for (let version = 0; version < LATEST_VERSION; version += 1) {
    it(`migrates a file of schema version ${version} to ${LATEST_VERSION}, keeping its jobs`, () => {
      const path = tempPath();
      fileAtVersion(path, version);
      const { db, notice } = openDatabase(path);
      expect(notice).toBeNull();
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
      const jobs = db.prepare('SELECT id, summary, requeued_ms FROM jobs').all();
      expect(jobs).toEqual(version >= 1 ? [{ id: 'h1', summary: 'Hi', requeued_ms: null }] : []);
      // Every table of the latest schema is there.
      const tables = db
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
        .all()
        .map((row) => (row as { name: string }).name);
      expect(tables).toEqual(expect.arrayContaining(['batches', 'jobs', 'settings']));
      db.close();
    });
  }

  it('sets a damaged file aside under a dated name, says so, and starts a new history', () => {
    const path = tempPath();
    writeFileSync(path, Buffer.alloc(8192, 0x41)); // not a database at all
    const { db, notice } = openDatabase(path, () => Date.parse('2026-11-22T10:00:00Z'));
    expect(notice).toMatch(/could not be read/);
    expect(notice).toContain('history.sqlite.damaged-2026-11-22T10-00-00-000Z');
    const dir = join(path, '..');
    expect(readdirSync(dir)).toContain('history.sqlite.damaged-2026-11-22T10-00-00-000Z');
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    db.close();
  });

  it('does not take a file it cannot open (here a folder in its place) for damage: it says so and moves nothing', () => {
    const path = tempPath();
    mkdirSync(path);
    expect(() => openDatabase(path)).toThrow(/history's file \(.*\) is a folder, not a file.*Move it away/);
    expect(readdirSync(join(path, '..')).some((name) => name.includes('damaged'))).toBe(false);
  });

  it('leaves a file from a newer app untouched and says to update', () => {
    const path = tempPath();
    const db = new Database(path);
    db.pragma(`user_version = ${LATEST_VERSION + 5}`);
    db.close();
    expect(() => openDatabase(path)).toThrow(/newer version of the app/);
    expect(existsSync(path)).toBe(true);
    expect(readdirSync(join(path, '..')).some((name) => name.includes('damaged'))).toBe(false);
  });
});
