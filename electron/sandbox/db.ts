// The sandbox's SQLite database: one file in the data folder (or memory), created and migrated on open.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateDatabase, ensurePrivateFolder } from '../node-shared/private-files';

export type SandboxDb = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  api_key TEXT NOT NULL UNIQUE,
  credits REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS projects (
  account_id TEXT NOT NULL,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  start_date TEXT,
  end_date TEXT,
  deleted INTEGER NOT NULL DEFAULT 0,
  fields TEXT NOT NULL,
  simulate TEXT,
  PRIMARY KEY (account_id, id)
);
CREATE TABLE IF NOT EXISTS image_prompts (
  account_id TEXT NOT NULL,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  simulate TEXT,
  PRIMARY KEY (account_id, id)
);
CREATE TABLE IF NOT EXISTS jobs (
  uuid TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  template_id TEXT NOT NULL,
  job_type TEXT NOT NULL,
  job_status TEXT NOT NULL,
  input TEXT NOT NULL,
  job_values TEXT NOT NULL,
  output TEXT,
  credit_used TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- The worker's current run: null when no run is under way.
  run_id TEXT,
  run_started_at INTEGER,
  run_duration_ms INTEGER,
  run_outcome TEXT,
  run_cost REAL,
  next_at INTEGER
);
CREATE INDEX IF NOT EXISTS jobs_by_account ON jobs (account_id);
CREATE INDEX IF NOT EXISTS jobs_due ON jobs (next_at) WHERE next_at IS NOT NULL;
-- Stored files' metadata; their bytes are files in the files folder (file-store.ts). Older data folders
-- had a \`files\` table of blobs instead, moved out once on open (blob-migration.ts).
CREATE TABLE IF NOT EXISTS stored_files (
  key TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  content_type TEXT NOT NULL,
  etag TEXT NOT NULL,
  size INTEGER NOT NULL,
  disk_name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;

/** Opens (and creates) the database; `dataDir` null keeps it in memory. */
export function openSandboxDb(dataDir: string | null): SandboxDb {
  let db: SandboxDb;
  if (dataDir) {
    // A --data-dir someone named (maybe a project folder) is checked, never tightened; the app tightens
    // its own data folder, the sandbox's inside it included, before starting it.
    ensurePrivateFolder(dataDir, { tighten: false });
    const path = join(dataDir, 'sandbox.sqlite');
    // Owner-only before SQLite opens it: the -wal and -shm files SQLite makes take this file's mode.
    const notAFile = ensurePrivateDatabase(path);
    if (notAFile) {
      throw new Error(
        `The sandbox's database (${notAFile.path}) is ${notAFile.what}, not a file. Move it away, or choose another --data-dir.`,
      );
    }
    db = new Database(path);
    db.pragma('journal_mode = WAL');
  } else {
    db = new Database(':memory:');
  }
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);
  return db;
}
