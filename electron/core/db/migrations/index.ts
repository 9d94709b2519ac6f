// Every migration, in order. A new one is a new file and one entry here; never edit a released one.
import { jobsTable } from './001-jobs';
import { batchesAndSettings } from './002-batches-and-settings';
import { downloadsTable } from './003-downloads';
import { batchRuns } from './004-batch-runs';
import { assetCache } from './005-asset-cache';
import { historyLease } from './006-history-lease';
import { submittedBy } from './007-submitted-by';
import type { Migration } from './types';

export const MIGRATIONS: readonly Migration[] = [
  jobsTable,
  batchesAndSettings,
  downloadsTable,
  batchRuns,
  assetCache,
  historyLease,
  submittedBy,
];
export const LATEST_VERSION = MIGRATIONS.at(-1)?.version ?? 0;
