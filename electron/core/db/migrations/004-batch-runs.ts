// Version 4: batches that run. A batch keeps its own session id (sent with each of its jobs), whether it
// is running, paused or cancelled, the spreadsheet it came from (for `{row.…}` file names and the export
// back) and its naming template; its rows are jobs (`pending` until sent), found by batch and row number.
import type { Migration } from './types';

export const batchRuns: Migration = {
  version: 4,
  name: 'batch runs',
  up(db) {
    db.exec(`
      ALTER TABLE batches ADD COLUMN session_id TEXT;
      ALTER TABLE batches ADD COLUMN state TEXT NOT NULL DEFAULT 'running';
      ALTER TABLE batches ADD COLUMN sheet_json TEXT;
      ALTER TABLE batches ADD COLUMN name_template TEXT;
      ALTER TABLE batches ADD COLUMN job_type TEXT;
      ALTER TABLE batches ADD COLUMN project_name TEXT;
      CREATE INDEX batches_by_account ON batches (account_id, created_ms);
      CREATE INDEX jobs_by_batch ON jobs (batch_id, batch_row) WHERE batch_id IS NOT NULL;
    `);
  },
};
