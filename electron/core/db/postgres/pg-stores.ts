// A team's history in one PostgreSQL database: every port of the history over one pool, answering over the
// network (each port's methods answer Promises, as SQLite's do), writing who submitted what, and keeping downloads per computer.
import type pg from 'pg';
import type { HistoryStores } from '../history-stores';
import { PgAccess } from './pg-access';
import { PgAssetCache } from './pg-asset-cache';
import { PgBatches } from './pg-batches';
import { PgCreditReport } from './pg-credit-report';
import { PgDownloads } from './pg-downloads';
import { PgJobs } from './pg-jobs';
import { PgSettings } from './pg-settings';
import type { TeamSchema } from './schema-guard';

export interface PgStoresOptions {
  /** This computer (downloads are its own). */
  readonly computerId: string;
  /** The display name written on the jobs and batches this client submits. */
  readonly submittedBy: string;
  /** This running process, written on the rows it claims to send. */
  readonly clientId: string;
  /** The database's schema as opened (open-team-database.ts): a newer one refuses writes in words. */
  readonly schema: TeamSchema;
}

export function pgStores(
  pool: pg.Pool,
  { computerId, submittedBy, clientId, schema }: PgStoresOptions,
): HistoryStores {
  const db = new PgAccess(pool, schema);
  const who = { submittedBy, clientId };
  return {
    jobs: new PgJobs(db, who),
    batches: new PgBatches(db, who),
    downloads: new PgDownloads(db, computerId),
    settings: new PgSettings(db, computerId),
    assetCache: new PgAssetCache(db),
    creditReport: new PgCreditReport(db),
  };
}
