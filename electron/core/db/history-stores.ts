// Every port of the history, as the composition root hands them to the domains: one person's SQLite file
// (db/sqlite/) or a team's PostgreSQL database (db/postgres/). Each domain takes only the ports it needs.
import type { BatchStore } from '../batches/batch-store';
import type { CreditReportStore } from '../jobs/credit-report-store';
import type { DownloadStore } from '../downloads/download-store';
import type { JobStore } from '../jobs/job-store';
import type { SettingsStore } from '../kernel/settings-store';
import type { AssetCacheStore } from '../storage/asset-cache';

export interface HistoryStores {
  jobs: JobStore;
  batches: BatchStore;
  downloads: DownloadStore;
  settings: SettingsStore;
  assetCache: AssetCacheStore;
  /** Credits spent by person and by batch (async on every store). */
  creditReport: CreditReportStore;
}
