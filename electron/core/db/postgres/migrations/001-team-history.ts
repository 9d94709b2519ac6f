// Version 1: the team history, SQLite's schema (migrations 001-006) in PostgreSQL's types, plus what a
// team needs: who submitted each job and batch and when, which client claimed a row it is sending, a change
// number on every job and batch write (for the read that catches up after a dropped connection) with a
// NOTIFY carrying it and the writing client, downloads per computer (file locations are not shared), and leases per name.
// Times we measure stay ms since the epoch (bigint), as in SQLite; the service's timestamps stay its text.
// No column holds an API key or a password: each person keeps the account's key in their own keychain.
// Settings name their entry `name` (SQLite's `key`), so no column of this database is called a key.
import type { PgMigration } from './types';

export const teamHistory: PgMigration = {
  version: 1,
  name: 'team history',
  sql: `
    -- One counter for jobs and batches alike: a client that saw change N reads what changed after N.
    CREATE SEQUENCE change_seq AS bigint;

    CREATE TABLE batches (
      id              text PRIMARY KEY,
      account_id      text NOT NULL,
      project_id      text NOT NULL,
      name            text NOT NULL,
      created_ms      bigint NOT NULL,
      row_count       integer NOT NULL,
      notified        boolean NOT NULL DEFAULT false,
      session_id      text,
      state           text NOT NULL DEFAULT 'running',
      sheet_json      text,
      name_template   text,
      job_type        text,
      project_name    text,
      submitted_by    text,
      change_seq      bigint NOT NULL DEFAULT 0
    );
    CREATE INDEX batches_by_account ON batches (account_id, created_ms);
    CREATE INDEX batches_by_change ON batches (account_id, change_seq);
    -- The change listener's catch-up after a dropped connection reads every account's changes since a number.
    CREATE INDEX batches_since ON batches (change_seq);

    CREATE TABLE jobs (
      id              text PRIMARY KEY,
      uuid            text,
      account_id      text NOT NULL,
      project_id      text NOT NULL,
      project_name    text NOT NULL,
      job_type        text NOT NULL,
      status          text,
      tracking        text NOT NULL,
      tracking_note   text,
      source          text NOT NULL,
      request_json    text,
      values_json     text NOT NULL,
      summary         text NOT NULL,
      record_json     text,
      credit_used     double precision,
      output_path     text,
      error           text,
      created_at      text,
      updated_at      text,
      finished_at     text,
      first_seen_ms   bigint NOT NULL,
      last_polled_ms  bigint,
      batch_id        text,
      batch_row       integer,
      archived        boolean NOT NULL DEFAULT false,
      requeued_ms     bigint,
      -- The display name of the person who submitted it, and when (ms), on whichever computer.
      submitted_by    text,
      submitted_at_ms bigint,
      -- The client sending it (tracking 'submitting'): another client's send in flight is not settled as unknown.
      claimed_by      text,
      change_seq      bigint NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX jobs_account_uuid ON jobs (account_id, uuid) WHERE uuid IS NOT NULL;
    CREATE INDEX jobs_account_seen ON jobs (account_id, first_seen_ms);
    CREATE INDEX jobs_tracking ON jobs (tracking);
    CREATE INDEX jobs_by_batch ON jobs (batch_id, batch_row) WHERE batch_id IS NOT NULL;
    -- A batch's rows still to send, in row order: the sender's claim (claim-rows.ts) reads only these, not
    -- the rows already sent nor every batch's pending rows.
    CREATE INDEX jobs_pending_in_batch ON jobs (batch_id, batch_row) WHERE tracking = 'pending';
    CREATE INDEX jobs_by_change ON jobs (account_id, change_seq);
    CREATE INDEX jobs_since ON jobs (change_seq);
    CREATE INDEX jobs_by_person ON jobs (account_id, submitted_by);

    -- A computer's own: download folders, drafts, the person's name on this installation.
    CREATE TABLE settings (
      computer_id     text NOT NULL,
      account_id      text NOT NULL,
      name            text NOT NULL,
      value_json      text NOT NULL,
      PRIMARY KEY (computer_id, account_id, name)
    );

    -- A download belongs to a computer: saved on one is "not saved here" on another.
    CREATE TABLE downloads (
      computer_id     text NOT NULL,
      job_id          text NOT NULL,
      account_id      text NOT NULL,
      state           text NOT NULL,
      root            text NOT NULL,
      target          text NOT NULL,
      path            text,
      bytes           bigint NOT NULL DEFAULT 0,
      total           bigint,
      etag            text,
      url             text,
      error           text,
      attempts        integer NOT NULL DEFAULT 0,
      next_try_ms     bigint,
      updated_ms      bigint NOT NULL,
      PRIMARY KEY (computer_id, job_id)
    );
    CREATE INDEX downloads_by_account ON downloads (computer_id, account_id, state);

    CREATE TABLE asset_cache (
      account_id      text NOT NULL,
      storage         text NOT NULL,
      kind            text NOT NULL,
      sha256          text NOT NULL,
      url             text NOT NULL,
      ref             text,
      stored_ms       bigint NOT NULL,
      expires_ms      bigint NOT NULL,
      PRIMARY KEY (account_id, storage, kind, sha256)
    );

    -- The team's service accounts: a name and an address under the id every computer derives from the
    -- address and the key (a slow hash: it gives the key away to no one). Never the key itself.
    CREATE TABLE accounts (
      id              text PRIMARY KEY,
      name            text NOT NULL,
      base_url        text NOT NULL,
      added_at_ms     bigint NOT NULL
    );

    -- Who does which background work: 'poll:<account>' team-wide, 'downloads:<computer>' per computer.
    CREATE TABLE leases (
      name            text PRIMARY KEY,
      owner           text NOT NULL,
      expires_at_ms   bigint NOT NULL,
      host            text NOT NULL,
      pid             integer NOT NULL
    );

    -- Every insert and update of a job or batch takes the next change number...
    CREATE FUNCTION take_change_seq() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.change_seq := nextval('change_seq');
      RETURN NEW;
    END $$;
    CREATE TRIGGER jobs_change_seq BEFORE INSERT OR UPDATE ON jobs
      FOR EACH ROW EXECUTE FUNCTION take_change_seq();
    CREATE TRIGGER batches_change_seq BEFORE INSERT OR UPDATE ON batches
      FOR EACH ROW EXECUTE FUNCTION take_change_seq();

    -- ...and tells every listening client, when it commits: account, id, change number, which table, and
    -- the writing client's id (its connections' jrs.client; null from elsewhere), so that the writer can
    -- leave out the notices of its own writes, which it has already acted on.
    CREATE FUNCTION notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('jrs_changes', json_build_object(
        'a', NEW.account_id, 'id', NEW.id, 's', NEW.change_seq,
        't', CASE TG_TABLE_NAME WHEN 'jobs' THEN 'job' ELSE 'batch' END,
        'c', current_setting('jrs.client', true))::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER jobs_notify AFTER INSERT OR UPDATE ON jobs
      FOR EACH ROW EXECUTE FUNCTION notify_change();
    CREATE TRIGGER batches_notify AFTER INSERT OR UPDATE ON batches
      FOR EACH ROW EXECUTE FUNCTION notify_change();
  `,
};
