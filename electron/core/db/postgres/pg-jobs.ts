// The team's job history in PostgreSQL: the jobs port (jobs/job-store.ts) as SQLite's SqliteJobs answers
// it, each method one statement or one transaction, plus who submitted each new job and when, and which
// client is sending a row (claimed_by), so another computer's send in flight is never settled as unknown.
import type pg from 'pg';
import type { TrackingState } from '../../../shared/domain/job';
import type { JobStore } from '../../jobs/job-store';
import type {
  ClaimedJob,
  FinishedTimes,
  Job,
  JobPayload,
  NewSubmission,
  RecordColumns,
  TrackedJob,
} from '../../jobs/job';
import { claimNextJobRows, claimRow } from './claim-rows';
import { type PgAccess } from './pg-access';
import { finishedTimesOf, jobOf, payloadOf, type FinishedRow, type JobRow } from '../row-mappers';
import { JOB_COLUMNS } from './pg-job-row';

const json = (value: unknown): string => JSON.stringify(value ?? null);

/** Who this client is to the team: the name on what it submits, and its id on the rows it sends. */
export interface PgClientIdentity {
  /** The display name each person sets (the OS user and host by default). */
  readonly submittedBy: string;
  /** This running process, as written in claimed_by. */
  readonly clientId: string;
}

/**
 * Inserts new jobs, all in one statement (arrays unnested into rows): one round trip for a 1,000-row batch.
 * `db` is the caller's transaction client when the jobs come with their batch.
 */
export async function insertSubmissions(
  db: Pick<pg.ClientBase, 'query'>,
  jobs: readonly NewSubmission[],
  tracking: 'submitting' | 'pending',
  who: PgClientIdentity,
): Promise<void> {
  if (jobs.length === 0) return;
  const column = <T>(pick: (job: NewSubmission) => T): T[] => jobs.map(pick);
  await db.query(
    `INSERT INTO jobs (id, account_id, project_id, project_name, job_type, tracking, source, request_json,
       values_json, summary, first_seen_ms, batch_id, batch_row, submitted_by, submitted_at_ms, claimed_by)
     SELECT id, account_id, project_id, project_name, job_type, $13, source, request_json, values_json,
       summary, now_ms, batch_id, batch_row, submitted_by, now_ms, $15
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::bigint[], $11::text[], $12::integer[], $14::text[])
       AS new (id, account_id, project_id, project_name, job_type, source, request_json, values_json, summary,
         now_ms, batch_id, batch_row, submitted_by)`,
    [
      column((job) => job.id),
      column((job) => job.accountId),
      column((job) => job.projectId),
      column((job) => job.projectName),
      column((job) => job.jobType),
      column((job) => job.source),
      column((job) => json(job.request)),
      column((job) => json(job.values)),
      column((job) => job.summary),
      column((job) => job.nowMs),
      column((job) => job.batchId ?? null),
      column((job) => job.batchRow ?? null),
      tracking,
      // The name the caller recorded with each job (null: none kept); this client's where none was given.
      column((job) => (job.submittedBy === undefined ? who.submittedBy : job.submittedBy)),
      // A row written `submitting` is this client's send in flight from the start.
      tracking === 'submitting' ? who.clientId : null,
    ],
  );
}

/** A service record's columns, as applyRecord and applyPolled write them ($1 the id, $2–$12 recordParams). */
const SET_RECORD = `uuid = $2, status = $3, tracking = $4, tracking_note = NULL, record_json = $5,
  credit_used = $6, output_path = $7, error = $8, created_at = COALESCE($9, created_at),
  updated_at = COALESCE($10, updated_at), finished_at = $11, last_polled_ms = $12`;

function recordParams(id: string, columns: RecordColumns, nowMs: number): unknown[] {
  return [
    id,
    columns.uuid,
    columns.status,
    columns.tracking,
    json(columns.record),
    columns.creditUsed,
    columns.outputPath,
    columns.error,
    columns.createdAt,
    columns.updatedAt,
    columns.finishedAt,
    nowMs,
  ];
}

export class PgJobs implements JobStore {
  constructor(
    private readonly db: PgAccess,
    private readonly who: PgClientIdentity,
  ) {}

  private async jobs(sql: string, params: readonly unknown[]): Promise<Job[]> {
    return (await this.db.read<JobRow>(sql, params)).map(jobOf);
  }

  private async job(sql: string, params: readonly unknown[]): Promise<Job | undefined> {
    const [row] = await this.db.read<JobRow>(sql, params);
    return row && jobOf(row);
  }

  /** Written (and committed) before the request is sent: if the app dies now, the job is found as `submitting`. */
  async insertSubmission(
    job: NewSubmission,
    tracking: 'submitting' | 'pending' = 'submitting',
  ): Promise<void> {
    await this.db.writeWith((db) => insertSubmissions(db, [job], tracking, this.who));
  }

  async insertTracked(job: TrackedJob): Promise<void> {
    await this.db.write(
      `INSERT INTO jobs (id, uuid, account_id, project_id, project_name, job_type, status, tracking, source,
         request_json, values_json, summary, record_json, credit_used, output_path, error, created_at,
         updated_at, finished_at, first_seen_ms, last_polled_ms, submitted_by, submitted_at_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'tracked', $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
         $19, $19, $20, $19)`,
      [
        job.id,
        job.uuid,
        job.accountId,
        job.projectId,
        job.projectName,
        job.jobType,
        job.status,
        job.tracking,
        json(job.request),
        json(job.values),
        job.summary,
        json(job.record),
        job.creditUsed,
        job.outputPath,
        job.error,
        job.createdAt,
        job.updatedAt,
        job.finishedAt,
        job.nowMs,
        job.submittedBy === undefined ? this.who.submittedBy : job.submittedBy,
      ],
    );
  }

  /** Answers the row as written (RETURNING): the sender follows it with no read after. */
  async applyRecord(id: string, columns: RecordColumns, nowMs: number): Promise<Job | undefined> {
    const { rows } = await this.db.write<JobRow>(
      `UPDATE jobs SET ${SET_RECORD} WHERE id = $1 RETURNING ${JOB_COLUMNS}`,
      recordParams(id, columns, nowMs),
    );
    return rows[0] && jobOf(rows[0]);
  }

  /** Written only while the job is active with the same requeue time: a requeue or removal in between wins. */
  async applyPolled(
    id: string,
    columns: RecordColumns,
    nowMs: number,
    requeuedMs: number | null,
  ): Promise<Job | undefined> {
    const { rows } = await this.db.write<JobRow>(
      `UPDATE jobs SET ${SET_RECORD}
       WHERE id = $1 AND tracking = 'active' AND requeued_ms IS NOT DISTINCT FROM $13::bigint
       RETURNING ${JOB_COLUMNS}`,
      [...recordParams(id, columns, nowMs), requeuedMs],
    );
    return rows[0] && jobOf(rows[0]);
  }

  async claimUnknown(id: string): Promise<boolean> {
    const { rowCount } = await this.db.write(
      `UPDATE jobs SET tracking = 'submitting', tracking_note = NULL
       WHERE id = $1 AND tracking = 'unknown' AND NOT archived`,
      [id],
    );
    return (rowCount ?? 0) > 0;
  }

  async removeUnknown(id: string): Promise<boolean> {
    const { rowCount } = await this.db.write(
      `DELETE FROM jobs WHERE id = $1 AND tracking = 'unknown' AND NOT archived`,
      [id],
    );
    return (rowCount ?? 0) > 0;
  }

  /** One statement over all the ids: a job being sent at that moment stays. */
  async removeUnlessSubmitting(ids: readonly string[]): Promise<{ id: string; accountId: string }[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.db.write<{ id: string; account_id: string }>(
      `DELETE FROM jobs WHERE id = ANY($1::text[]) AND tracking <> 'submitting' RETURNING id, account_id`,
      [ids],
    );
    return rows.map((row) => ({ id: row.id, accountId: row.account_id }));
  }

  /**
   * Rows left `submitting` by a sender that no longer runs: its client holds no lease that is still live
   * (every running client keeps one under its id, team-history.ts), judged by the server's clock as the
   * leases are. This client's own sends are never settled here. Ordered by id.
   */
  async settleInterrupted(note: string): Promise<{ id: string; accountId: string }[]> {
    const { rows } = await this.db.write<{ id: string; account_id: string }>(
      `UPDATE jobs SET tracking = 'unknown', tracking_note = $1
         WHERE tracking = 'submitting' AND NOT archived
           AND (claimed_by IS NULL OR (claimed_by <> $2 AND claimed_by NOT IN (
             SELECT owner FROM leases
              WHERE expires_at_ms > (extract(epoch FROM clock_timestamp()) * 1000)::bigint)))
         RETURNING id, account_id`,
      [note, this.who.clientId],
    );
    return rows
      .map((row) => ({ id: row.id, accountId: row.account_id }))
      .sort((a, b) => (a.id < b.id ? -1 : b.id < a.id ? 1 : 0));
  }

  async setTracking(id: string, tracking: TrackingState, note: string | null): Promise<void> {
    await this.db.write(`UPDATE jobs SET tracking = $2, tracking_note = $3 WHERE id = $1`, [
      id,
      tracking,
      note,
    ]);
  }

  /** Pending → submitting for this client, once: false when another sender (on any computer) took it first. */
  async claimPending(id: string): Promise<boolean> {
    return this.db.writeWith((db) => claimRow(db, id, this.who.clientId));
  }

  /** The batch's next pending rows for this client, in one statement under row locks (claim-rows.ts). */
  async claimNextPending(batchId: string, limit: number): Promise<ClaimedJob[]> {
    const rows = await this.db.writeWith((db) =>
      claimNextJobRows(db, { batchId, limit, clientId: this.who.clientId }),
    );
    return rows.map((row) => ({
      job: jobOf(row),
      request: payloadOf({ ...row, record_json: null }).request,
    }));
  }

  async note(id: string, note: string, nowMs: number): Promise<void> {
    await this.db.write(`UPDATE jobs SET tracking_note = $2, last_polled_ms = $3 WHERE id = $1`, [
      id,
      note,
      nowMs,
    ]);
  }

  /** One statement over all the ids: one transaction, every job requeued or none. */
  async markRequeued(ids: readonly string[], nowMs: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db.write(
      `UPDATE jobs SET tracking = 'active', tracking_note = NULL, finished_at = NULL, requeued_ms = $2,
         status = NULL, error = NULL, credit_used = NULL, output_path = NULL, record_json = NULL
       WHERE id = ANY($1::text[])`,
      [ids, nowMs],
    );
  }

  async get(id: string): Promise<Job | undefined> {
    return this.job(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`, [id]);
  }

  async getMany(ids: readonly string[]): Promise<Job[]> {
    if (ids.length === 0) return [];
    return this.jobs(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ANY($1::text[])`, [[...ids]]);
  }

  async payload(id: string): Promise<JobPayload> {
    const [row] = await this.db.read<{ request_json: string | null; record_json: string | null }>(
      `SELECT request_json, record_json FROM jobs WHERE id = $1`,
      [id],
    );
    return row ? payloadOf(row) : { request: null, record: null };
  }

  async getByUuid(accountId: string, uuid: string): Promise<Job | undefined> {
    return this.job(`SELECT ${JOB_COLUMNS} FROM jobs WHERE account_id = $1 AND uuid = $2`, [accountId, uuid]);
  }

  // Ids are ordered byte by byte (COLLATE "C"), as SQLite orders text, whatever the database's locale.
  async list(accountId: string): Promise<Job[]> {
    return this.jobs(
      `SELECT ${JOB_COLUMNS} FROM jobs WHERE account_id = $1 ORDER BY first_seen_ms DESC, id COLLATE "C"`,
      [accountId],
    );
  }

  async listArchived(): Promise<Job[]> {
    return this.jobs(
      `SELECT ${JOB_COLUMNS} FROM jobs WHERE archived ORDER BY first_seen_ms DESC, id COLLATE "C"`,
      [],
    );
  }

  async withTracking(tracking: TrackingState): Promise<Job[]> {
    return this.jobs(`SELECT ${JOB_COLUMNS} FROM jobs WHERE tracking = $1 AND NOT archived`, [tracking]);
  }

  async nextPending(batchId: string, limit: number): Promise<Job[]> {
    return this.jobs(
      `SELECT ${JOB_COLUMNS} FROM jobs WHERE batch_id = $1 AND tracking = 'pending' AND NOT archived
       ORDER BY batch_row LIMIT $2`,
      [batchId, limit],
    );
  }

  async inBatch(batchId: string): Promise<Job[]> {
    return this.jobs(`SELECT ${JOB_COLUMNS} FROM jobs WHERE batch_id = $1 ORDER BY batch_row`, [batchId]);
  }

  /** One statement: the rows it drops are the ids it answers (in row order), even with another client writing. */
  async removeInBatch(batchId: string, tracking: TrackingState): Promise<string[]> {
    const { rows } = await this.db.write<{ id: string; batch_row: number | null }>(
      `DELETE FROM jobs WHERE batch_id = $1 AND tracking = $2 RETURNING id, batch_row`,
      [batchId, tracking],
    );
    return rows.sort((a, b) => (a.batch_row ?? 0) - (b.batch_row ?? 0)).map((row) => row.id);
  }

  /** One statement over all the ids: one transaction. */
  async remove(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const { rowCount } = await this.db.write(`DELETE FROM jobs WHERE id = ANY($1::text[])`, [ids]);
    return rowCount ?? 0;
  }

  async archiveAccount(accountId: string): Promise<void> {
    await this.db.write(`UPDATE jobs SET archived = true WHERE account_id = $1`, [accountId]);
  }

  async reviveAccounts(known: readonly string[]): Promise<number> {
    if (known.length === 0) return 0;
    const { rowCount } = await this.db.write(
      `UPDATE jobs SET archived = false WHERE archived AND account_id = ANY($1::text[])`,
      [known],
    );
    return rowCount ?? 0;
  }

  /** With no account known, every live job is archived (`= ANY` of an empty list is false). */
  async archiveOrphans(known: readonly string[]): Promise<number> {
    const { rowCount } = await this.db.write(
      `UPDATE jobs SET archived = true WHERE NOT archived AND NOT (account_id = ANY($1::text[]))`,
      [known],
    );
    return rowCount ?? 0;
  }

  async removeAccount(accountId: string): Promise<number> {
    const { rowCount } = await this.db.write(`DELETE FROM jobs WHERE account_id = $1`, [accountId]);
    return rowCount ?? 0;
  }

  async accountIds(): Promise<string[]> {
    const rows = await this.db.read<{ account_id: string }>(
      `SELECT DISTINCT account_id FROM jobs WHERE NOT archived`,
    );
    return rows.map((row) => row.account_id);
  }

  async countRunning(): Promise<number> {
    const [row] = await this.db.read<{ n: number }>(
      `SELECT count(*)::integer AS n FROM jobs WHERE tracking IN ('submitting', 'active') AND NOT archived`,
    );
    return row?.n ?? 0;
  }

  async openInBatch(batchId: string): Promise<number> {
    const [row] = await this.db.read<{ n: number }>(
      `SELECT count(*)::integer AS n FROM jobs
       WHERE batch_id = $1 AND tracking IN ('pending', 'submitting', 'active', 'unknown')`,
      [batchId],
    );
    return row?.n ?? 0;
  }

  async batchCounts(batchId: string): Promise<{ succeeded: number; failed: number; name: string }> {
    const [row] = await this.db.read<{ succeeded: number; failed: number; name: string | null }>(
      `SELECT count(*) FILTER (WHERE status = 'SUCCESS')::integer AS succeeded,
         count(*) FILTER (WHERE status = 'FAILED')::integer AS failed,
         (SELECT name FROM batches WHERE batches.id = $1) AS name
       FROM jobs WHERE batch_id = $1`,
      [batchId],
    );
    return {
      succeeded: row?.succeeded ?? 0,
      failed: row?.failed ?? 0,
      name: row?.name ?? `Batch ${batchId.slice(0, 8)}`,
    };
  }

  async finishedJobs(accountId: string, limit = 5000): Promise<FinishedTimes[]> {
    const rows = await this.db.read<FinishedRow>(
      `SELECT project_id, job_type, created_at, finished_at, requeued_ms FROM jobs
       WHERE account_id = $1 AND tracking = 'final' AND created_at IS NOT NULL AND finished_at IS NOT NULL
       ORDER BY first_seen_ms DESC LIMIT $2`,
      [accountId, limit],
    );
    return rows.map(finishedTimesOf);
  }

  // NULLS LAST and COLLATE "C": SQLite sorts a missing finish time last when descending, and text by bytes.
  async charges(accountId: string, projectId: string, limit = 50): Promise<number[]> {
    const rows = await this.db.read<{ credit_used: number }>(
      `SELECT credit_used FROM jobs
       WHERE account_id = $1 AND project_id = $2 AND tracking = 'final' AND status = 'SUCCESS'
         AND credit_used IS NOT NULL
       ORDER BY finished_at COLLATE "C" DESC NULLS LAST LIMIT $3`,
      [accountId, projectId, limit],
    );
    return rows.map((row) => row.credit_used);
  }

  async latestFinishedWithOutput(accountId: string): Promise<Job | undefined> {
    return this.job(
      `SELECT ${JOB_COLUMNS} FROM jobs WHERE account_id = $1 AND status = 'SUCCESS' AND output_path IS NOT NULL
       ORDER BY finished_at COLLATE "C" DESC NULLS LAST LIMIT 1`,
      [accountId],
    );
  }
}
