// Moving a SQLite history into the team history, on a real history file (made by openDatabase, the app's
// own) and a real PostgreSQL: every row and column arrives as stored, a second run adds nothing, a failure
// half-way or a file that is not a history leaves the team database as it was, and the SQLite file is never
// written.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../electron/core/kernel/app-error';
import { LATEST_VERSION, openDatabase } from '../../../../electron/core/db/open-database';
import {
  copySqliteHistory,
  expectedColumns,
  NOT_COPIED_TABLES,
  TABLE_PLANS,
  type CopyProgress,
} from '../../../../electron/core/db/postgres/copy-sqlite-history';
import { PG_LATEST_VERSION } from '../../../../electron/core/db/postgres/migrations';
import { openTeamDatabase } from '../../../../electron/core/db/postgres/open-team-database';
import { NEWER_HISTORY_SENTENCE } from '../../../../electron/core/db/postgres/schema-guard';
import { pgClusterForThisFile } from '../../../fixtures/pg-cluster-per-file';
import { tempFilePaths } from '../../../fixtures/temp-dirs';

const cluster = pgClusterForThisFile();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const ANA = 'Ana (ana@studio-3)';
const COMPUTER = 'computer-ana-1';
const historyPath = tempFilePaths('jrs-copy-', 'history.db');

async function teamPool(): Promise<pg.Pool> {
  const database = await openTeamDatabase(await cluster().createDatabase());
  closers.push(() => database.close());
  return database.pool;
}

type Row = Record<string, unknown>;

/** A history as the app makes it: openDatabase's schema (all migrations), then rows as the app writes them. */
function makeHistory(fill: (db: Database.Database) => void): string {
  const path = historyPath();
  const { db } = openDatabase(path);
  try {
    fill(db);
  } finally {
    db.close();
  }
  return path;
}

const JOB_COLUMNS = [
  'id',
  'uuid',
  'account_id',
  'project_id',
  'project_name',
  'job_type',
  'status',
  'tracking',
  'tracking_note',
  'source',
  'request_json',
  'values_json',
  'summary',
  'record_json',
  'credit_used',
  'output_path',
  'error',
  'created_at',
  'updated_at',
  'finished_at',
  'first_seen_ms',
  'last_polled_ms',
  'batch_id',
  'batch_row',
  'archived',
  'requeued_ms',
] as const;

function insertJob(db: Database.Database, job: Partial<Record<(typeof JOB_COLUMNS)[number], unknown>>): void {
  const row: Row = {
    uuid: null,
    account_id: 'acc-1',
    project_id: 'p-1',
    project_name: 'Spring campaign',
    job_type: 'video',
    status: null,
    tracking: 'active',
    tracking_note: null,
    source: 'form',
    request_json: '{"project_id":"p-1","input":{"title":"Hi"}}',
    values_json: '{"title":"Hi"}',
    summary: 'Hi',
    record_json: null,
    credit_used: null,
    output_path: null,
    error: null,
    created_at: null,
    updated_at: null,
    finished_at: null,
    first_seen_ms: 1_764_140_000_000,
    last_polled_ms: null,
    batch_id: null,
    batch_row: null,
    archived: 0,
    requeued_ms: null,
    ...job,
  };
  db.prepare(
    `INSERT INTO jobs (${JOB_COLUMNS.join(', ')}) VALUES (${JOB_COLUMNS.map((c) => `@${c}`).join(', ')})`,
  ).run(row);
}

/** A few jobs in every state, a batch with rows, settings, a download, an upload link and the lease. */
function richHistory(db: Database.Database): void {
  // Values as people typed them: spacing, key order, escapes and characters outside ASCII stay as they are.
  insertJob(db, {
    id: 'j-final',
    uuid: 'svc-1',
    status: 'SUCCESS',
    tracking: 'final',
    values_json: '{ "title" : "Été \\u00e9 😀",  "n": 1.50, "a":{"b":[1,2]} }',
    record_json: '{"uuid":"svc-1","status":"SUCCESS","credit_used":0.30000000000000004}',
    credit_used: 0.1 + 0.2,
    output_path: 's3://out/j-final.mp4',
    created_at: '2026-11-26T07:00:00.123456Z',
    updated_at: '2026-11-26T07:01:00Z',
    finished_at: '2026-11-26T07:01:00Z',
    last_polled_ms: 1_764_140_060_000,
    requeued_ms: 1_764_140_030_000,
  });
  insertJob(db, {
    id: 'j-failed',
    uuid: 'svc-2',
    status: 'FAILED',
    tracking: 'final',
    error: 'Render failed: "font" missing\nline 2',
    credit_used: 1e-7,
  });
  insertJob(db, { id: 'j-unknown', tracking: 'unknown', tracking_note: 'The app stopped before…' });
  insertJob(db, { id: 'j-submitting', tracking: 'submitting' });
  insertJob(db, { id: 'j-lost', uuid: 'svc-3', tracking: 'lost', tracking_note: 'Job not found' });
  insertJob(db, { id: 'j-tracked', uuid: 'svc-4', status: 'QUEUED', source: 'tracked', request_json: null });
  // An account removed from the app: its jobs stay archived.
  insertJob(db, { id: 'j-archived', uuid: 'svc-5', account_id: 'acc-old', tracking: 'final', archived: 1 });
  db.prepare(
    `INSERT INTO batches (id, account_id, project_id, name, created_ms, row_count, notified, session_id, state,
       sheet_json, name_template, job_type, project_name)
     VALUES ('b-1', 'acc-1', 'p-1', 'November.csv', 1764140000500, 3, 1, 'sess-1', 'paused',
       '{"columns":["title"],"rows":[["a"],["b"],["c"]]}', '{row.title}', 'video', 'Spring campaign')`,
  ).run();
  insertJob(db, {
    id: 'b-1-1',
    source: 'batch',
    batch_id: 'b-1',
    batch_row: 1,
    tracking: 'active',
    uuid: 'svc-6',
  });
  insertJob(db, {
    id: 'b-1-2',
    source: 'batch',
    batch_id: 'b-1',
    batch_row: 2,
    tracking: 'refused',
    tracking_note: 'Bad title',
  });
  insertJob(db, { id: 'b-1-3', source: 'batch', batch_id: 'b-1', batch_row: 3, tracking: 'pending' });
  const setting = db.prepare(`INSERT INTO settings (account_id, key, value_json) VALUES (?, ?, ?)`);
  setting.run('acc-1', 'form:p-1', '{"values":{"title":"Hi"},"skipEmptyCheck":false}');
  setting.run('acc-1', 'asset-storage', '{"provider":"default"}');
  setting.run('acc-old', 'form:p-9', '{}');
  // Where its files go, and its update switch: this computer's, in the team history as here.
  setting.run(
    'acc-1',
    'downloads',
    '{"folder":"/home/ana/Videos","template":"{title}","concurrency":2,"auto":true}',
  );
  setting.run('', 'updates', '{"enabled":false}');
  db.prepare(
    `INSERT INTO downloads (job_id, account_id, state, root, target, path, bytes, total, etag, url, error, attempts,
       next_try_ms, updated_ms)
     VALUES ('j-final', 'acc-1', 'saved', '/home/ana/Videos', 'Hi.mp4', '/home/ana/Videos/Hi.mp4', 1048576,
       1048576, '"abc"', 'https://cdn/x?sig=1', NULL, 1, NULL, 1764140070000)`,
  ).run();
  db.prepare(
    `INSERT INTO asset_cache VALUES ('acc-1', 'sandbox', 'image', 'ff00', 'https://x/y.png', NULL, 1, 2)`,
  ).run();
  db.prepare(`INSERT INTO leases VALUES ('history', 'me', 1, 'studio-3', 42)`).run();
}

/** The history's rows, read from a copy in memory (opening the file itself would make a -shm beside it). */
function sqliteRows(path: string, table: string): Row[] {
  const image = readFileSync(path);
  image.fill(1, 18, 20); // a plain file's header, not WAL's
  const db = new Database(image, { readonly: true });
  try {
    return db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all() as Row[];
  } finally {
    db.close();
  }
}

const ORDER: Record<string, string> = {
  jobs: 'id',
  batches: 'id',
  settings: 'computer_id, account_id, name',
  downloads: 'computer_id, job_id',
  asset_cache: 'sha256',
};

async function teamRows(pool: pg.Pool, table: string): Promise<Row[]> {
  return (await pool.query<Row>(`SELECT * FROM ${table} ORDER BY ${ORDER[table]}`)).rows;
}

/** Everything in the team database's tables, to compare before and after. */
async function snapshot(pool: pg.Pool): Promise<Record<string, Row[]>> {
  const tables = Object.keys(ORDER);
  return Object.fromEntries(
    await Promise.all(tables.map(async (t) => [t, await teamRows(pool, t)] as const)),
  );
}

/** The history file's bytes (and its -wal's, if any), and what else is in its folder. */
function fileState(path: string): { hash: string; folder: string[] } {
  const hash = createHash('sha256');
  hash.update(readFileSync(path));
  try {
    hash.update(readFileSync(`${path}-wal`));
  } catch {
    // No -wal: the app checkpointed it on closing.
  }
  return { hash: hash.digest('hex'), folder: readdirSync(join(path, '..')).sort() };
}

const byId = (a: Row, b: Row): number => String(a.id).localeCompare(String(b.id));

const copy = (
  path: string,
  pool: pg.Pool,
  extra: { onProgress?: (p: CopyProgress) => void; chunkSize?: number } = {},
) => copySqliteHistory({ sqlitePath: path, pool, computerId: COMPUTER, submittedBy: ANA, ...extra });

describe('copying a SQLite history into the team history', () => {
  it('knows where every column of the SQLite history goes', () => {
    const latest = expectedColumns(LATEST_VERSION);
    for (const [table, columns] of latest) {
      if (NOT_COPIED_TABLES.includes(table)) continue;
      const plan = TABLE_PLANS.find((p) => p.table === table);
      expect(plan, `no plan for the SQLite table ${table}`).toBeDefined();
      expect(Object.keys(plan!.columns).sort(), `columns of ${table}`).toEqual([...columns].sort());
    }
  });

  it('copies every job, batch, shared setting and download as stored, and a second run adds nothing', async () => {
    const path = makeHistory(richHistory);
    const pool = await teamPool();
    const before = fileState(path);
    const progress: CopyProgress[] = [];

    const started = performance.now();
    const counts = await copy(path, pool, { onProgress: (p) => progress.push(p) });
    console.info(`copied a small history in ${Math.round(performance.now() - started)} ms`);
    expect(counts).toEqual({
      jobs: { copied: 10, alreadyThere: 0 },
      batches: { copied: 1, alreadyThere: 0 },
      settings: { copied: 5, alreadyThere: 0 },
      downloads: { copied: 1, alreadyThere: 0 },
    });
    expect(progress.map((p) => `${p.table} ${p.done}/${p.total}`)).toEqual([
      'batches 1/1',
      'jobs 10/10',
      'settings 5/5',
      'downloads 1/1',
    ]);

    // Row by row, every column.
    const jobs = await teamRows(pool, 'jobs');
    expect(jobs).toEqual(
      sqliteRows(path, 'jobs')
        .map((row) => ({
          ...row,
          archived: row.archived === 1,
          submitted_by: ANA,
          submitted_at_ms: row.first_seen_ms,
          claimed_by: null,
          change_seq: expect.any(Number) as number,
        }))
        .sort(byId),
    );
    const final = jobs.find((job) => job.id === 'j-final')!;
    expect(Buffer.from(final.values_json as string)).toEqual(
      Buffer.from('{ "title" : "Été \\u00e9 😀",  "n": 1.50, "a":{"b":[1,2]} }'),
    );
    expect(final.credit_used).toBe(0.30000000000000004);
    expect(jobs.find((job) => job.id === 'j-archived')).toMatchObject({
      archived: true,
      account_id: 'acc-old',
    });
    expect(jobs.find((job) => job.id === 'j-unknown')).toMatchObject({ tracking: 'unknown' });

    expect(await teamRows(pool, 'batches')).toEqual(
      sqliteRows(path, 'batches').map((row) => ({
        ...row,
        notified: row.notified === 1,
        submitted_by: ANA,
        change_seq: expect.any(Number) as number,
      })),
    );
    expect(await teamRows(pool, 'settings')).toEqual([
      { computer_id: COMPUTER, account_id: '', name: 'updates', value_json: '{"enabled":false}' },
      {
        computer_id: COMPUTER,
        account_id: 'acc-1',
        name: 'asset-storage',
        value_json: '{"provider":"default"}',
      },
      {
        computer_id: COMPUTER,
        account_id: 'acc-1',
        name: 'downloads',
        value_json: '{"folder":"/home/ana/Videos","template":"{title}","concurrency":2,"auto":true}',
      },
      {
        computer_id: COMPUTER,
        account_id: 'acc-1',
        name: 'form:p-1',
        value_json: '{"values":{"title":"Hi"},"skipEmptyCheck":false}',
      },
      { computer_id: COMPUTER, account_id: 'acc-old', name: 'form:p-9', value_json: '{}' },
    ]);
    expect(await teamRows(pool, 'downloads')).toEqual(
      sqliteRows(path, 'downloads').map((row) => ({ ...row, computer_id: COMPUTER })),
    );
    expect(await teamRows(pool, 'asset_cache')).toEqual([]);
    expect((await pool.query(`SELECT * FROM leases`)).rows).toEqual([]);

    // Again: nothing added, nothing changed (not even a change number).
    const afterFirst = await snapshot(pool);
    expect(await copy(path, pool)).toEqual({
      jobs: { copied: 0, alreadyThere: 10 },
      batches: { copied: 0, alreadyThere: 1 },
      settings: { copied: 0, alreadyThere: 5 },
      downloads: { copied: 0, alreadyThere: 1 },
    });
    expect(await snapshot(pool)).toEqual(afterFirst);

    // The history file was never written, nor anything left beside it.
    expect(fileState(path)).toEqual(before);
  });

  it('copies from a history the app has open, rows only in its -wal included, and writes nothing there', async () => {
    const path = historyPath();
    const { db: app } = openDatabase(path);
    closers.push(() => Promise.resolve(void app.close()));
    richHistory(app);
    insertJob(app, { id: 'j-just-now', tracking: 'submitting' });
    const before = fileState(path);
    expect(before.folder).toEqual(['history.db', 'history.db-shm', 'history.db-wal']);

    const counts = await copy(path, await teamPool());
    expect(counts.jobs).toEqual({ copied: 11, alreadyThere: 0 });
    expect(fileState(path)).toEqual(before);
  });

  it("leaves a colleague's rows as they are, and counts a job they already have as already there", async () => {
    const path = makeHistory(richHistory);
    const pool = await teamPool();
    await pool.query(
      `INSERT INTO jobs (id, uuid, account_id, project_id, project_name, job_type, tracking, source, values_json,
         summary, first_seen_ms, submitted_by)
       VALUES ('other-id', 'svc-1', 'acc-1', 'p-1', 'Spring campaign', 'video', 'active', 'tracked', '{}', 'Theirs',
         5, 'Bo (bo@studio-1)'),
       ('j-lost', 'svc-3', 'acc-1', 'p-1', 'Spring campaign', 'video', 'final', 'form', '{}', 'Theirs', 5, 'Bo')`,
    );
    // A colleague's setting is their computer's: it neither stops nor replaces this computer's own.
    await pool.query(
      `INSERT INTO settings VALUES ('computer-bo', 'acc-1', 'asset-storage', '{"provider":"s3"}')`,
    );
    const theirs = await snapshot(pool);

    const counts = await copy(path, pool);
    expect(counts.jobs).toEqual({ copied: 8, alreadyThere: 2 });
    expect(counts.settings).toEqual({ copied: 5, alreadyThere: 0 });
    const after = await snapshot(pool);
    for (const row of theirs.jobs!) expect(after.jobs).toContainEqual(row);
    expect(after.settings).toContainEqual(theirs.settings![0]);
    expect(after.jobs!.filter((job) => job.uuid === 'svc-1')).toHaveLength(1);
  });

  it('leaves the team database as it was when the copy fails half-way', async () => {
    const path = makeHistory((db) => {
      const insert = db.prepare(
        `INSERT INTO jobs (id, account_id, project_id, project_name, job_type, tracking, source, values_json,
           summary, first_seen_ms) VALUES (?, 'acc-1', 'p', 'P', 'video', 'final', 'form', '{}', 's', ?)`,
      );
      // Row 15 holds what SQLite keeps and PostgreSQL refuses (text in a number column): the second chunk fails.
      for (let i = 1; i <= 30; i++) insert.run(`j-${i}`, i === 15 ? 'soon' : i);
    });
    const pool = await teamPool();
    await pool.query(
      `INSERT INTO jobs (id, account_id, project_id, project_name, job_type, tracking, source, values_json,
         summary, first_seen_ms) VALUES ('theirs', 'acc-1', 'p', 'P', 'video', 'final', 'form', '{}', 's', 1)`,
    );
    const before = await snapshot(pool);
    const progress: CopyProgress[] = [];

    const failure = await copy(path, pool, { onProgress: (p) => progress.push(p), chunkSize: 10 }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).message).toMatch(
      /could not be copied into the team database \(invalid input syntax for type bigint: "soon"\)\. Nothing was copied/,
    );
    expect(progress.filter((p) => p.table === 'jobs')).toEqual([{ table: 'jobs', done: 10, total: 30 }]);
    expect(await snapshot(pool)).toEqual(before);
  });

  it('refuses, in words, a file that is not a history or is newer, and changes nothing', async () => {
    const pool = await teamPool();
    await pool.query(
      `INSERT INTO jobs (id, account_id, project_id, project_name, job_type, tracking, source, values_json,
         summary, first_seen_ms) VALUES ('theirs', 'acc-1', 'p', 'P', 'video', 'final', 'form', '{}', 's', 1)`,
    );
    const before = await snapshot(pool);
    const folder = dirname(historyPath());

    const text = join(folder, 'notes.db');
    writeFileSync(text, 'a shopping list, not a database\n'.repeat(200));
    const photos = join(folder, 'photos.db');
    const other = new Database(photos);
    other.exec(
      `CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photos (name) VALUES ('x')`,
    );
    other.close();
    const newer = makeHistory(richHistory);
    const raise = new Database(newer);
    raise.pragma(`user_version = ${LATEST_VERSION + 1}`);
    raise.close();
    const gutted = makeHistory(richHistory);
    const drop = new Database(gutted);
    drop.exec('ALTER TABLE jobs DROP COLUMN summary');
    drop.close();
    const damaged = makeHistory(richHistory);
    const bytes = readFileSync(damaged);
    bytes.fill(0x5a, 4096 + 8, 4096 + 600); // the first table page's cells
    writeFileSync(damaged, bytes);

    const cases: [string, string, RegExp][] = [
      [
        text,
        'invalid-input',
        /notes\.db is not a Job Rendering Studio history \(it is not a readable SQLite database\), so nothing was copied\. Choose the history\.db file/,
      ],
      [
        photos,
        'invalid-input',
        /photos\.db is not a Job Rendering Studio history \(it has no history schema\)/,
      ],
      [
        newer,
        'database',
        /was written by a newer version of Job Rendering Studio \(its schema is version \d+; this app knows up to \d+\), so nothing was copied\. Update this app/,
      ],
      [gutted, 'invalid-input', /is not a Job Rendering Studio history \(its jobs table lacks summary\)/],
      [
        damaged,
        'invalid-input',
        /is not a Job Rendering Studio history \((it is damaged|it is not a readable|it could not be read)/,
      ],
      [
        join(folder, 'missing.db'),
        'invalid-input',
        /There is no history file at .*missing\.db, so nothing was copied/,
      ],
    ];
    for (const [path, kind, words] of cases) {
      const failure = await copy(path, pool).catch((e: unknown) => e);
      expect(failure, path).toBeInstanceOf(AppError);
      expect((failure as AppError).kind, path).toBe(kind);
      expect((failure as AppError).message, path).toMatch(words);
    }
    expect(await snapshot(pool)).toEqual(before);
  });

  it('refuses to copy into a team history a newer app made (read-only here), saying to update', async () => {
    const url = await cluster().createDatabase();
    const setup = await openTeamDatabase(url);
    await setup.pool.query(
      `INSERT INTO schema_version (version, name) VALUES (${PG_LATEST_VERSION + 1}, 'from a newer app')`,
    );
    await setup.close();
    const newer = await openTeamDatabase(url);
    closers.push(() => newer.close());
    expect(newer.readOnly).toBe(true);

    const failure = await copy(makeHistory(richHistory), newer.pool).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).kind).toBe('team-history-newer');
    expect((failure as AppError).message).toBe(`${NEWER_HISTORY_SENTENCE} Nothing was copied.`);
    expect((await newer.pool.query(`SELECT count(*)::int AS n FROM jobs`)).rows).toEqual([{ n: 0 }]);
  });

  it('copies a 10,000-job history in one go, and again adds nothing', async () => {
    const path = makeHistory((db) => {
      db.exec(`
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
        INSERT INTO jobs (id, uuid, account_id, project_id, project_name, job_type, status, tracking, source,
          request_json, values_json, summary, record_json, credit_used, created_at, finished_at, first_seen_ms,
          batch_id, batch_row)
        SELECT 'job-' || i, 'svc-' || i, 'acc-1', 'p-1', 'Spring campaign', 'video', 'SUCCESS', 'final', 'batch',
          '{"project_id":"p-1","input":{"title":"Title ' || i || '","image":{"image_url":"https://x/' || i || '.png"}}}',
          '{"title":"Title ' || i || '","image":{"image_url":"https://x/' || i || '.png"}}', 'Title ' || i,
          '{"uuid":"svc-' || i || '","status":"SUCCESS","output":{"url":"https://cdn/' || i || '.mp4"}}',
          i * 0.25, '2026-11-01T00:00:00Z', '2026-11-01T00:05:00Z', 1764000000000 + i, 'b-big', i
        FROM n;
        INSERT INTO batches (id, account_id, project_id, name, created_ms, row_count)
          VALUES ('b-big', 'acc-1', 'p-1', 'big.csv', 1764000000000, 10000);
      `);
    });
    const pool = await teamPool();

    let started = performance.now();
    const counts = await copy(path, pool);
    const firstMs = Math.round(performance.now() - started);
    expect(counts.jobs).toEqual({ copied: 10_000, alreadyThere: 0 });
    started = performance.now();
    expect((await copy(path, pool)).jobs).toEqual({ copied: 0, alreadyThere: 10_000 });
    const secondMs = Math.round(performance.now() - started);
    console.info(`10,000 jobs: copied in ${firstMs} ms; copied again (nothing added) in ${secondMs} ms`);
    const { rows } = await pool.query(`SELECT count(*)::int AS n, sum(credit_used) AS credits FROM jobs`);
    expect(rows[0]).toEqual({ n: 10_000, credits: 12_501_250 });
  });
});
