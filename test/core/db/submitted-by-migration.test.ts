// Migration 7 (issue 19): a history made before names were kept gains jobs.submitted_by, its jobs keep
// NULL (shown as "Earlier (name not kept)", never a guessed name), and jobs recorded from then on keep the
// name they were given.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../electron/core/db/migrations';
import { LATEST_VERSION, migrate, openDatabase } from '../../../electron/core/db/open-database';
import { sqliteStores } from '../../../electron/core/db/sqlite/sqlite-stores';
import { tempFilePaths } from '../../fixtures/temp-dirs';

const tempPath = tempFilePaths('jrs-who-', 'history.sqlite');

describe('migration 7: who submitted each job', () => {
  it('adds submitted_by to a version-6 history; its jobs read as unnamed, new ones keep their name', async () => {
    const path = tempPath();
    const old = new Database(path);
    migrate(
      old,
      MIGRATIONS.filter((migration) => migration.version <= 6),
    );
    old
      .prepare(
        `INSERT INTO jobs (id, uuid, account_id, project_id, project_name, job_type, status, tracking, source,
          values_json, summary, first_seen_ms, credit_used, finished_at)
         VALUES ('old-1', 'u1', 'acc', 'p1', 'Promo', 'video', 'SUCCESS', 'final', 'form', '{}', 'Hi',
          1700000000000, 2.5, '2026-11-02T00:00:00Z')`,
      )
      .run();
    old.close();

    const { db, notice } = openDatabase(path);
    expect(notice).toBeNull();
    expect(LATEST_VERSION).toBe(7);
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    const columns = (db.prepare(`PRAGMA table_info(jobs)`).all() as { name: string; type: string }[])
      .filter((column) => column.name === 'submitted_by')
      .map(({ name, type }) => ({ name, type }));
    expect(columns).toEqual([{ name: 'submitted_by', type: 'TEXT' }]);

    const stores = sqliteStores(db);
    expect((await stores.jobs.get('old-1'))?.submittedBy).toBeNull();
    await stores.jobs.insertSubmission({
      id: 'new-1',
      accountId: 'acc',
      projectId: 'p1',
      projectName: 'Promo',
      jobType: 'video',
      request: {},
      values: {},
      summary: 'New',
      source: 'form',
      nowMs: 1_800_000_000_000,
      submittedBy: 'ada@studio-1',
    });
    expect((await stores.jobs.get('new-1'))?.submittedBy).toBe('ada@studio-1');
    expect(
      await stores.creditReport.creditReport(
        'acc',
        Date.parse('2026-11-01T00:00:00Z'),
        Date.parse('2026-12-01T00:00:00Z'),
      ),
    ).toEqual({
      byPerson: [{ person: null, jobs: 1, credits: 2.5 }],
      byBatch: [{ batchId: null, name: 'Single jobs', jobs: 1, credits: 2.5 }],
    });
    db.close();
  });
});
