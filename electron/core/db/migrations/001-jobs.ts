// Version 1: the job history. The service's status and our tracking state are separate columns; times we
// measure are ms since the epoch, the service's own timestamps are kept as the text it sent.
import type { Migration } from './types';

export const jobsTable: Migration = {
  version: 1,
  name: 'jobs',
  up(db) {
    db.exec(`
      CREATE TABLE jobs (
        id              TEXT PRIMARY KEY,
        uuid            TEXT,
        account_id      TEXT NOT NULL,
        project_id      TEXT NOT NULL,
        project_name    TEXT NOT NULL,
        job_type        TEXT NOT NULL,
        status          TEXT,
        tracking        TEXT NOT NULL,
        tracking_note   TEXT,
        source          TEXT NOT NULL,
        request_json    TEXT,
        values_json     TEXT NOT NULL,
        summary         TEXT NOT NULL,
        record_json     TEXT,
        credit_used     REAL,
        output_path     TEXT,
        error           TEXT,
        created_at      TEXT,
        updated_at      TEXT,
        finished_at     TEXT,
        first_seen_ms   INTEGER NOT NULL,
        last_polled_ms  INTEGER,
        batch_id        TEXT,
        batch_row       INTEGER,
        archived        INTEGER NOT NULL DEFAULT 0
      );
      CREATE UNIQUE INDEX jobs_account_uuid ON jobs(account_id, uuid) WHERE uuid IS NOT NULL;
      CREATE INDEX jobs_account_seen ON jobs(account_id, first_seen_ms);
      CREATE INDEX jobs_tracking ON jobs(tracking);
    `);
  },
};
