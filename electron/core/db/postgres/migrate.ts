// Brings the team history's schema up to date when a client connects: every migration it lacks, in ONE
// transaction under a transaction-scoped advisory lock, so that clients starting together queue on the lock
// and the first does the work while the rest find it done. A history newer than this client knows is left
// as it is and reported: the client then reads it but may not write (schema-guard.ts).
import type pg from 'pg';
import { AppError } from '../../kernel/app-error';
import { PG_MIGRATIONS } from './migrations';
import type { PgMigration } from './migrations/types';

/** The advisory lock's key: one fixed number for "migrating the Job Rendering Studio team history". */
export const MIGRATION_LOCK_KEY = '7319046612214530119';

export interface SchemaVersion {
  /** The schema the database has now. */
  readonly version: number;
  /** The newest schema this client knows. */
  readonly known: number;
  /** The migrations this call applied (empty when another client had, or when the database is newer). */
  readonly applied: readonly number[];
}

export interface MigrateHooks {
  /** Called inside the transaction once the version is read (a test holds the lock here to race a second client). */
  afterVersionRead?: (version: number) => Promise<void>;
}

const SCHEMA_VERSION_TABLE = `
  CREATE TABLE IF NOT EXISTS schema_version (
    version     integer PRIMARY KEY,
    name        text NOT NULL,
    applied_at  timestamptz NOT NULL DEFAULT now()
  )`;

export async function migrate(
  client: pg.ClientBase,
  migrations: readonly PgMigration[] = PG_MIGRATIONS,
  hooks: MigrateHooks = {},
): Promise<SchemaVersion> {
  const known = migrations.at(-1)?.version ?? 0;
  const applied: number[] = [];
  let step: PgMigration | null = null;
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await client.query(SCHEMA_VERSION_TABLE);
    const read = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_version',
    );
    const current = read.rows[0]?.version ?? 0;
    await hooks.afterVersionRead?.(current);
    if (current < known) {
      for (const migration of migrations) {
        if (migration.version <= current) continue;
        step = migration;
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_version (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        applied.push(migration.version);
      }
    }
    await client.query('COMMIT');
    return { version: Math.max(current, known), known, applied };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    const what = step ? `version ${step.version} (${step.name})` : 'its version';
    throw new AppError(
      'database',
      `The team history's schema could not be brought up to date at ${what}: ${(error as Error).message}. Nothing was changed. Try again; if it keeps happening, ask whoever runs the database.`,
      { cause: error },
    );
  }
}
