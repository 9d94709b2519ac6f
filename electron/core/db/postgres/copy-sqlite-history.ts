// Moves one person's SQLite history into the team history: one explicit step that copies and never
// deletes. The SQLite file is opened read-only (never written: not even a migration), checked to be a Job
// Rendering Studio history this app knows, and read in one snapshot; its rows go into the team database in
// ONE transaction with `INSERT … ON CONFLICT DO NOTHING`, so running it twice doubles nothing and a failure
// half-way leaves the team database as it was. Values are copied as stored (JSON text byte for byte).
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import type pg from 'pg';
import { AppError } from '../../kernel/app-error';
import { LATEST_VERSION, MIGRATIONS } from '../migrations';
import { NEWER_HISTORY_SENTENCE } from './schema-guard';

export type CopiedTable = 'batches' | 'jobs' | 'settings' | 'downloads';

export interface TableCounts {
  /** Rows this run added to the team database. */
  readonly copied: number;
  /** Rows the team database had already (copied before, or the same job recorded by a colleague). */
  readonly alreadyThere: number;
}

export interface CopyCounts {
  readonly jobs: TableCounts;
  readonly batches: TableCounts;
  /** This computer's settings: in the team history too, each computer keeps its own. */
  readonly settings: TableCounts;
  readonly downloads: TableCounts;
}

export interface CopyProgress {
  readonly table: CopiedTable;
  /** Rows of this table read so far, of `total`. */
  readonly done: number;
  readonly total: number;
}

export interface CopyOptions {
  /** The SQLite history file (history.db in the app's data folder). */
  readonly sqlitePath: string;
  readonly pool: pg.Pool;
  /** This computer's id in the team history: its download records become this computer's. */
  readonly computerId: string;
  /** The display name of the person moving their history in: recorded as who submitted its jobs and batches. */
  readonly submittedBy: string;
  readonly onProgress?: (progress: CopyProgress) => void;
  /** Rows per INSERT statement (500). */
  readonly chunkSize?: number;
  /**
   * This computer's account ids → the ids those accounts have on the team (shared-account-id.ts), so that
   * copied jobs meet the colleagues' of the same account. An account not named keeps its id.
   */
  readonly accountIds?: ReadonlyMap<string, string>;
}

type Value = string | number | bigint | Buffer | null;
type SqliteRow = Record<string, Value>;

interface TablePlan {
  readonly table: CopiedTable;
  /** SQLite column → team column (only renamed ones differ). */
  readonly columns: Readonly<Record<string, string>>;
  /** SQLite columns that hold 0/1 and are boolean in the team database. */
  readonly booleans?: readonly string[];
  /** Team columns the copy fills in itself, from the row. */
  readonly added?: (row: SqliteRow, options: CopyOptions) => Readonly<Record<string, Value>>;
}

const same = (...names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, name]));

/**
 * Every column of the SQLite history at its latest version, and where it goes. A column added to the SQLite
 * schema without a place here fails copy-sqlite-history.test.ts ("knows every column"), never a silent loss.
 */
export const TABLE_PLANS: readonly TablePlan[] = [
  {
    table: 'batches',
    columns: same(
      'id',
      'account_id',
      'project_id',
      'name',
      'created_ms',
      'row_count',
      'notified',
      'session_id',
      'state',
      'sheet_json',
      'name_template',
      'job_type',
      'project_name',
    ),
    booleans: ['notified'],
    added: (_row, { submittedBy }) => ({ submitted_by: submittedBy }),
  },
  {
    table: 'jobs',
    columns: same(
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
      'submitted_by',
    ),
    booleans: ['archived'],
    // Submitted when this computer first recorded it; by the name recorded then (history version 7 on),
    // else by the person moving it in.
    added: (row, { submittedBy }) => ({
      submitted_by: row.submitted_by ?? submittedBy,
      submitted_at_ms: row.first_seen_ms ?? null,
    }),
  },
  {
    table: 'settings',
    columns: { account_id: 'account_id', key: 'name', value_json: 'value_json' },
    // Every setting, as this computer's (its download folder, drafts, name, update switch).
    added: (_row, { computerId }) => ({ computer_id: computerId }),
  },
  {
    table: 'downloads',
    columns: same(
      'job_id',
      'account_id',
      'state',
      'root',
      'target',
      'path',
      'bytes',
      'total',
      'etag',
      'url',
      'error',
      'attempts',
      'next_try_ms',
      'updated_ms',
    ),
    added: (_row, { computerId }) => ({ computer_id: computerId }),
  },
];

/** SQLite tables of the history that are not moved: upload links (per storage, soon stale) and the local lease. */
export const NOT_COPIED_TABLES: readonly string[] = ['asset_cache', 'leases'];

function notAHistory(path: string, why: string, cause?: unknown): AppError {
  return new AppError(
    'invalid-input',
    `${path} is not a Job Rendering Studio history (${why}), so nothing was copied. Choose the history.db file in the app's data folder.`,
    cause === undefined ? undefined : { cause },
  );
}

function columnsOf(db: Db, table: string): string[] {
  return (db.pragma(`table_info(${table})`) as { name: string }[]).map((column) => column.name);
}

/** The columns each table has in a history at `version`: the SQLite migrations run on an empty database. */
export function expectedColumns(version: number): Map<string, string[]> {
  const reference = new Database(':memory:');
  try {
    for (const migration of MIGRATIONS) if (migration.version <= version) migration.up(reference);
    const tables = reference
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
      .pluck()
      .all() as string[];
    return new Map(tables.map((table) => [table, columnsOf(reference, table)]));
  } finally {
    reference.close();
  }
}

function unreadable(path: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT'
    ? notAHistory(path, 'it is not a readable SQLite database', error)
    : error;
}

/** A read-only database from a copy of the file in memory, marked as a plain (not WAL) file: nothing is made beside it. */
function fromImage(path: string): Db {
  const image = readFileSync(path);
  if (image.length >= 20) image.fill(1, 18, 20);
  let db: Db | null = null;
  try {
    db = new Database(image, { readonly: true });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (error) {
    db?.close();
    throw unreadable(path, error);
  }
}

/**
 * Opens the file read-only, as it is, never migrated nor written. Without a -wal beside it (the app is not
 * running and closed it cleanly) the file is the whole history and is read from a copy in memory, so that
 * not even SQLite's -shm is made beside it. With one (the app has it open, or stopped without closing it)
 * the latest rows may be only in the -wal: the file is opened in place, read-only, where SQLite reads both
 * (a read-only folder falls back to the copy in memory).
 */
function openReadOnly(path: string): Db {
  if (!existsSync(path)) {
    throw new AppError(
      'invalid-input',
      `There is no history file at ${path}, so nothing was copied. Check the path.`,
    );
  }
  if (!existsSync(`${path}-wal`)) return fromImage(path);
  let db: Db | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (error) {
    db?.close();
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && /^SQLITE_(READONLY|CANTOPEN)/.test(code)) return fromImage(path);
    throw unreadable(path, error);
  }
}

/** Refuses anything but an undamaged history at a version this app knows; answers its tables' columns. */
function checkHistory(db: Db, path: string): Map<string, string[]> {
  let version: number;
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw notAHistory(path, `it is damaged: ${String(check)}`);
    version = db.pragma('user_version', { simple: true }) as number;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAHistory(path, `it could not be read: ${(error as Error).message}`, error);
  }
  if (version > LATEST_VERSION) {
    throw new AppError(
      'database',
      `${path} was written by a newer version of Job Rendering Studio (its schema is version ${version}; this app knows up to ${LATEST_VERSION}), so nothing was copied. Update this app, then copy the history again.`,
    );
  }
  if (version < 1) throw notAHistory(path, 'it has no history schema');
  const expected = expectedColumns(version);
  for (const [table, columns] of expected) {
    const present = new Set(columnsOf(db, table));
    const missing = columns.filter((column) => !present.has(column));
    if (present.size === 0) throw notAHistory(path, `it has no ${table} table`);
    if (missing.length > 0) throw notAHistory(path, `its ${table} table lacks ${missing.join(', ')}`);
  }
  return expected;
}

/** An account's id on the team: the shared one when this computer's account has one. */
function teamAccountId(value: Value | undefined, options: CopyOptions): Value {
  if (typeof value !== 'string') return value ?? null;
  return options.accountIds?.get(value) ?? value;
}

function teamValue(plan: TablePlan, column: string, value: Value): Value | boolean {
  if (plan.booleans?.includes(column) && (value === 0 || value === 1)) return value === 1;
  return value;
}

/** One multi-row `INSERT … ON CONFLICT DO NOTHING`; answers how many rows it added. */
async function insertChunk(
  client: pg.PoolClient,
  table: CopiedTable,
  rows: readonly Record<string, Value | boolean>[],
): Promise<number> {
  const columns = Object.keys(rows[0] ?? {});
  const params: (Value | boolean)[] = [];
  const tuples = rows.map((row) => {
    const slots = columns.map((column) => {
      params.push(row[column] ?? null);
      return `$${params.length}`;
    });
    return `(${slots.join(', ')})`;
  });
  // No conflict target: a row already there by its primary key or by (account, service id) is left as it is.
  const result = await client.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`,
    params,
  );
  return result.rowCount ?? 0;
}

async function copyTable(
  db: Db,
  client: pg.PoolClient,
  plan: TablePlan,
  tables: Map<string, string[]>,
  options: CopyOptions,
): Promise<TableCounts> {
  const counts = { copied: 0, alreadyThere: 0 };
  const present = new Set(tables.get(plan.table) ?? []);
  if (present.size === 0) return counts; // an older history, from before this table
  // An older history lacks later columns: the team database's defaults stand in for them.
  const sqliteColumns = Object.keys(plan.columns).filter((column) => present.has(column));
  const total = (db.prepare(`SELECT count(*) FROM ${plan.table}`).pluck().get() as number) ?? 0;
  const page = db.prepare(
    `SELECT rowid AS rowid_, ${sqliteColumns.join(', ')} FROM ${plan.table} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
  );
  const chunkSize = options.chunkSize ?? 500;
  let after = 0;
  let done = 0;
  for (;;) {
    const rows = page.all(after, chunkSize) as SqliteRow[];
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1]?.rowid_);
    done += rows.length;
    const teamRows = rows.map((row) => ({
      ...Object.fromEntries(
        sqliteColumns.map((column) => [
          plan.columns[column] ?? column,
          teamValue(
            plan,
            column,
            column === 'account_id' ? teamAccountId(row[column], options) : (row[column] ?? null),
          ),
        ]),
      ),
      ...plan.added?.(row, options),
    }));
    const copied = await insertChunk(client, plan.table, teamRows);
    counts.copied += copied;
    counts.alreadyThere += rows.length - copied;
    options.onProgress?.({ table: plan.table, done, total });
  }
  return counts;
}

function copyFailure(error: unknown, path: string): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '25006') {
    return new AppError('team-history-newer', `${NEWER_HISTORY_SENTENCE} Nothing was copied.`, {
      cause: error,
    });
  }
  if (code === '42P01') {
    return new AppError(
      'database',
      'The team database has no team history yet, so nothing was copied. Connect to it first (that sets it up), then copy again.',
      { cause: error },
    );
  }
  return new AppError(
    'database',
    `The history in ${path} could not be copied into the team database (${(error as Error).message}). Nothing was copied, and the history on this computer is as it was. Try again; if it keeps happening, ask whoever runs the database.`,
    { cause: error },
  );
}

export async function copySqliteHistory(options: CopyOptions): Promise<CopyCounts> {
  const { sqlitePath, pool } = options;
  const db = openReadOnly(sqlitePath);
  try {
    const tables = checkHistory(db, sqlitePath);
    // One read transaction: every table is read from the same moment, even while the app writes to it.
    db.exec('BEGIN');
    const client = await pool.connect().catch((error: unknown) => {
      throw copyFailure(error, sqlitePath);
    });
    let failed: Error | undefined;
    try {
      await client.query('BEGIN');
      const counts = new Map<CopiedTable, TableCounts>();
      for (const plan of TABLE_PLANS)
        counts.set(plan.table, await copyTable(db, client, plan, tables, options));
      await client.query('COMMIT');
      const of = (table: CopiedTable) => counts.get(table) ?? { copied: 0, alreadyThere: 0 };
      return {
        jobs: of('jobs'),
        batches: of('batches'),
        settings: of('settings'),
        downloads: of('downloads'),
      };
    } catch (error) {
      failed = error as Error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw copyFailure(error, sqlitePath);
    } finally {
      // A connection that failed is not handed back to the pool for another to use.
      client.release(failed);
    }
  } finally {
    if (db.inTransaction) db.exec('COMMIT');
    db.close();
  }
}
