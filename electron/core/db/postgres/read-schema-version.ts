// The team history's schema version as the database has it, read without changing anything (a status
// look works on a read-only connection, where migrate.ts's CREATE TABLE IF NOT EXISTS would be refused).
import type pg from 'pg';

/** The newest migration applied, or null when the database holds no team history yet. */
export async function readSchemaVersion(db: pg.Pool | pg.ClientBase): Promise<number | null> {
  const table = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_version') IS NOT NULL AS present",
  );
  if (!table.rows[0]?.present) return null;
  const read = await db.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_version',
  );
  return read.rows[0]?.version ?? null;
}
