// Version 5: the uploads already made, by content. A file dropped again, or named by 300 rows, is found
// here by its SHA-256 and not sent again; per account and per storage (the sandbox's, or one S3 bucket and
// prefix), with the link's expiry so that a link about to lapse is signed anew (or the file sent again).
import type { Migration } from './types';

export const assetCache: Migration = {
  version: 5,
  name: 'asset cache',
  up(db) {
    db.exec(`
      CREATE TABLE asset_cache (
        account_id TEXT NOT NULL,
        storage TEXT NOT NULL,
        kind TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        url TEXT NOT NULL,
        ref TEXT,
        stored_ms INTEGER NOT NULL,
        expires_ms INTEGER NOT NULL,
        PRIMARY KEY (account_id, storage, kind, sha256)
      );
    `);
  },
};
