// One person's history in one SQLite file: every port of the history over one open database.
import type { Database } from 'better-sqlite3';
import type { HistoryStores } from '../history-stores';
import { SqliteAssetCache } from './sqlite-asset-cache';
import { SqliteBatches } from './sqlite-batches';
import { SqliteCreditReport } from './sqlite-credit-report';
import { SqliteDownloads } from './sqlite-downloads';
import { SqliteJobs } from './sqlite-jobs';
import { SqliteSettings } from './sqlite-settings';

export function sqliteStores(db: Database): HistoryStores {
  const jobs = new SqliteJobs(db);
  return {
    jobs,
    // A batch and its rows are written in one transaction: the batches store writes the rows through the
    // jobs store of the same file.
    batches: new SqliteBatches(db, jobs),
    downloads: new SqliteDownloads(db),
    settings: new SqliteSettings(db),
    assetCache: new SqliteAssetCache(db),
    creditReport: new SqliteCreditReport(db),
  };
}
