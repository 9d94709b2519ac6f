// The keys the sandbox accepts, kept as SHA-256 hashes only (account_keys): the seed's keys, and the run
// keys the app makes each time it starts its built-in sandbox. An older sandbox.sqlite that kept each key
// in plain text beside its account is moved to hashes once, and the plain text wiped from the file.
import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { processIsAlive } from '../node-shared/process-is-alive';
import type { SandboxDb } from './db';

/** Run keys kept per data folder at most: one per live process, the oldest dropped beyond it. */
export const MAX_RUN_KEYS = 16;

/** A key the app made for this run of its built-in sandbox (it replaces the first seed account's key). */
export interface RunKey {
  key: string;
  /** The process that holds the key; this one's by default (tests give their own). */
  pid?: number;
  /** Whether a process of this computer still runs; signal 0 by default (tests inject it). */
  isAlive?: (pid: number) => boolean;
}

export function keyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Creates account_keys, and moves an older layout's plain `accounts.api_key` to hashes (then wipes it). */
export function migrateKeyTables(db: SandboxDb): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS account_keys (
      key_hash TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('seed', 'run')),
      host TEXT,
      pid INTEGER,
      added_ms INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS account_keys_by_account ON account_keys (account_id);
  `);
  const columns = (db.pragma('table_info(accounts)') as { name: string }[]).map((column) => column.name);
  if (!columns.includes('api_key')) return;
  // Deleted content is overwritten with zeros, so no page keeps a plain key behind.
  db.pragma('secure_delete = ON');
  const now = Date.now();
  db.transaction(() => {
    const rows = db
      .prepare<[], { id: string; api_key: string; credits: number }>(
        'SELECT id, api_key, credits FROM accounts ORDER BY rowid',
      )
      .all();
    db.exec(`CREATE TABLE accounts_hashed (
      id TEXT PRIMARY KEY,
      credits REAL NOT NULL,
      -- The account's place in the seed: its identity across key changes (null until a seed names it).
      seed_slot INTEGER UNIQUE
    )`);
    const insertAccount = db.prepare('INSERT INTO accounts_hashed (id, credits) VALUES (?, ?)');
    const insertKey = db.prepare(
      "INSERT OR REPLACE INTO account_keys (key_hash, account_id, kind, added_ms) VALUES (?, ?, 'seed', ?)",
    );
    for (const row of rows) {
      insertAccount.run(row.id, row.credits);
      insertKey.run(keyHash(row.api_key), row.id, now);
    }
    db.exec('DROP TABLE accounts; ALTER TABLE accounts_hashed RENAME TO accounts;');
  })();
  // The old pages may still sit in the WAL or as free pages: write back, rebuild the file, truncate.
  if (db.name !== ':memory:') {
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
  }
}

/** The account of seed slot `slot`, found by its slot, else (an older file) by its key or as the oldest unnamed one. */
export function accountOfSlot(
  db: SandboxDb,
  slot: number,
  seedKey: string | null,
  otherSeedKeys: readonly string[],
): string | null {
  const bySlot = db
    .prepare<[number], { id: string }>('SELECT id FROM accounts WHERE seed_slot = ?')
    .get(slot);
  if (bySlot) return bySlot.id;
  if (seedKey !== null) {
    const byKey = db
      .prepare<[string], { id: string }>(
        `SELECT a.id FROM account_keys k JOIN accounts a ON a.id = k.account_id
         WHERE k.key_hash = ? AND a.seed_slot IS NULL`,
      )
      .get(keyHash(seedKey));
    return byKey?.id ?? null;
  }
  // The app's own account in a file from before run keys: the oldest account no seed key names.
  const others = otherSeedKeys.map(keyHash);
  const unnamed = db
    .prepare<[], { id: string }>('SELECT id FROM accounts WHERE seed_slot IS NULL ORDER BY rowid')
    .all();
  const hashesOf = db.prepare<[string], { key_hash: string }>(
    'SELECT key_hash FROM account_keys WHERE account_id = ?',
  );
  for (const { id } of unnamed) {
    if (!hashesOf.all(id).some((row) => others.includes(row.key_hash))) return id;
  }
  return null;
}

/** Binds the seed's key to its account (the only seed key it has). */
export function setSeedKey(db: SandboxDb, accountId: string, key: string | null): void {
  db.prepare("DELETE FROM account_keys WHERE account_id = ? AND kind = 'seed'").run(accountId);
  if (key === null) return;
  db.prepare(
    "INSERT OR REPLACE INTO account_keys (key_hash, account_id, kind, added_ms) VALUES (?, ?, 'seed', ?)",
  ).run(keyHash(key), accountId, Date.now());
}

/**
 * Adds this run's key to the account, beside those of the other live processes on this data folder (the
 * desktop app, the browser host and the command line may each run the sandbox on it): keys of processes
 * of this computer that are gone are dropped, and at most MAX_RUN_KEYS are kept, the newest.
 */
export function addRunKey(db: SandboxDb, accountId: string, run: RunKey): string {
  const host = hostname();
  const pid = run.pid ?? process.pid;
  const isAlive = run.isAlive ?? processIsAlive;
  const hash = keyHash(run.key);
  db.transaction(() => {
    const runs = db
      .prepare<[string], { key_hash: string; pid: number | null }>(
        "SELECT key_hash, pid FROM account_keys WHERE kind = 'run' AND host = ?",
      )
      .all(host);
    const drop = db.prepare('DELETE FROM account_keys WHERE key_hash = ?');
    for (const row of runs)
      if (row.pid !== null && row.pid !== pid && !isAlive(row.pid)) drop.run(row.key_hash);
    db.prepare(
      `INSERT OR REPLACE INTO account_keys (key_hash, account_id, kind, host, pid, added_ms)
       VALUES (?, ?, 'run', ?, ?, ?)`,
    ).run(hash, accountId, host, pid, Date.now());
    db.prepare(
      `DELETE FROM account_keys WHERE kind = 'run' AND key_hash NOT IN (
         SELECT key_hash FROM account_keys WHERE kind = 'run' ORDER BY added_ms DESC, rowid DESC LIMIT ?)`,
    ).run(MAX_RUN_KEYS);
  })();
  return hash;
}

/** Drops a run's key when its sandbox closes: nothing it handed out stays valid. */
export function removeRunKey(db: SandboxDb, hash: string): void {
  db.prepare("DELETE FROM account_keys WHERE key_hash = ? AND kind = 'run'").run(hash);
}

/** A new account row for a seed slot. */
export function insertAccount(db: SandboxDb, slot: number, credits: number): string {
  const id = randomUUID();
  db.prepare('INSERT INTO accounts (id, credits, seed_slot) VALUES (?, ?, ?)').run(id, credits, slot);
  return id;
}
