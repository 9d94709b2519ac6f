// The history's store contract on SQLite: each case on a fresh history file, opened as the app opens it
// (openDatabase: WAL, migrations) with the stores the composition root builds (sqliteStores).
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../electron/core/db/open-database';
import { sqliteStores } from '../../../electron/core/db/sqlite/sqlite-stores';
import { describeStoreContract } from './contract';

/**
 * A folder in memory where there is one: the app opens its file with synchronous = FULL, and a disk's
 * fsync on every write made this suite four times slower (6 s against 1.5 s); the contract is about what
 * is read back, not about surviving a power cut.
 */
function scratch(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

describeStoreContract(
  'SQLite',
  async () => {
    const dir = mkdtempSync(join(scratch(), 'jrs-contract-'));
    const { db } = openDatabase(join(dir, 'history.sqlite'));
    const column = { values: 'values_json', request: 'request_json', record: 'record_json' } as const;
    return {
      stores: sqliteStores(db),
      elsewhere: sqliteStores(db),
      damage: {
        async settingText(accountId, key, text) {
          db.prepare(`UPDATE settings SET value_json = ? WHERE account_id = ? AND key = ?`).run(
            text,
            accountId,
            key,
          );
          db.prepare(`INSERT OR IGNORE INTO settings (account_id, key, value_json) VALUES (?, ?, ?)`).run(
            accountId,
            key,
            text,
          );
        },
        async sheetText(batchId, text) {
          db.prepare(`UPDATE batches SET sheet_json = ? WHERE id = ?`).run(text, batchId);
        },
        async jobText(jobId, which, text) {
          db.prepare(`UPDATE jobs SET ${column[which]} = ? WHERE id = ?`).run(text, jobId);
        },
      },
      async close() {
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  { claimsMany: false },
);
