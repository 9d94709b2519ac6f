// Version 3: downloads. One row per job whose file is (being) downloaded, kept across restarts so that an
// interrupted download resumes from its `.part` (guarded by the ETag and total seen first), with the last
// signed link (signed again only when refused).
import type { Migration } from './types';

export const downloadsTable: Migration = {
  version: 3,
  name: 'downloads',
  up(db) {
    db.exec(`
      CREATE TABLE downloads (
        job_id        TEXT PRIMARY KEY,
        account_id    TEXT NOT NULL,
        state         TEXT NOT NULL,
        root          TEXT NOT NULL,
        target        TEXT NOT NULL,
        path          TEXT,
        bytes         INTEGER NOT NULL DEFAULT 0,
        total         INTEGER,
        etag          TEXT,
        url           TEXT,
        error         TEXT,
        attempts      INTEGER NOT NULL DEFAULT 0,
        next_try_ms   INTEGER,
        updated_ms    INTEGER NOT NULL
      );
      CREATE INDEX downloads_by_account ON downloads (account_id, state);
    `);
  },
};
