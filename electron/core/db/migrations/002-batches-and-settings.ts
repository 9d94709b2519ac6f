// Version 2: what the next features need: batches (a spreadsheet's rows become jobs), per-account
// settings, and the submit time of requeued jobs (a requeue restarts the clock of the ETA).
import type { Migration } from './types';

export const batchesAndSettings: Migration = {
  version: 2,
  name: 'batches and settings',
  up(db) {
    db.exec(`
      CREATE TABLE batches (
        id            TEXT PRIMARY KEY,
        account_id    TEXT NOT NULL,
        project_id    TEXT NOT NULL,
        name          TEXT NOT NULL,
        created_ms    INTEGER NOT NULL,
        row_count     INTEGER NOT NULL,
        notified      INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE settings (
        account_id    TEXT NOT NULL,
        key           TEXT NOT NULL,
        value_json    TEXT NOT NULL,
        PRIMARY KEY (account_id, key)
      );
      ALTER TABLE jobs ADD COLUMN requeued_ms INTEGER;
    `);
  },
};
