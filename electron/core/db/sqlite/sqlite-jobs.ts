// The job history in SQLite: every write the jobs domain makes, as one small synchronous statement (or
// one transaction), so that what the app knows is on disk before it acts on it.
import type { Database, Statement } from 'better-sqlite3';
import type { TrackingState } from '../../../shared/domain/job';
import type { JobStore } from '../../jobs/job-store';
import type {
  FinishedTimes,
  Job,
  JobPayload,
  NewSubmission,
  RecordColumns,
  TrackedJob,
} from '../../jobs/job';
import { finishedTimesOf, jobOf, payloadOf, type FinishedRow, type JobRow } from '../row-mappers';

/** The history's order, newest first (the Queue's and `jrs jobs`'), ties by id so a page is stable. */
export const JOB_ORDER = 'first_seen_ms DESC, id';

const json = (value: unknown): string => JSON.stringify(value ?? null);

function prepareStatements(db: Database) {
  const prepare = (sql: string): Statement => db.prepare(sql);
  return {
    insert: prepare(`
        INSERT INTO jobs (id, account_id, project_id, project_name, job_type, tracking, source,
          request_json, values_json, summary, first_seen_ms, batch_id, batch_row, submitted_by)
        VALUES (@id, @accountId, @projectId, @projectName, @jobType, @tracking, @source,
          @request, @values, @summary, @nowMs, @batchId, @batchRow, @submittedBy)`),
    insertTracked: prepare(`
        INSERT INTO jobs (id, uuid, account_id, project_id, project_name, job_type, status, tracking, source,
          request_json, values_json, summary, record_json, credit_used, output_path, error, created_at,
          updated_at, finished_at, first_seen_ms, last_polled_ms, submitted_by)
        VALUES (@id, @uuid, @accountId, @projectId, @projectName, @jobType, @status, @tracking, 'tracked',
          @request, @values, @summary, @record, @creditUsed, @outputPath, @error, @createdAt,
          @updatedAt, @finishedAt, @nowMs, @nowMs, @submittedBy)`),
    applyRecord: prepare(`
        UPDATE jobs SET uuid = @uuid, status = @status, tracking = @tracking, tracking_note = NULL,
          record_json = @record, credit_used = @creditUsed, output_path = @outputPath, error = @error,
          created_at = COALESCE(@createdAt, created_at), updated_at = COALESCE(@updatedAt, updated_at),
          finished_at = @finishedAt, last_polled_ms = @nowMs
        WHERE id = @id`),
    applyPolled: prepare(`
        UPDATE jobs SET uuid = @uuid, status = @status, tracking = @tracking, tracking_note = NULL,
          record_json = @record, credit_used = @creditUsed, output_path = @outputPath, error = @error,
          created_at = COALESCE(@createdAt, created_at), updated_at = COALESCE(@updatedAt, updated_at),
          finished_at = @finishedAt, last_polled_ms = @nowMs
        WHERE id = @id AND tracking = 'active' AND requeued_ms IS @requeuedMs`),
    claimUnknown: prepare(
      `UPDATE jobs SET tracking = 'submitting', tracking_note = NULL
       WHERE id = ? AND tracking = 'unknown' AND archived = 0`,
    ),
    removeUnknown: prepare(`DELETE FROM jobs WHERE id = ? AND tracking = 'unknown' AND archived = 0`),
    removeUnlessSubmitting: prepare(
      `DELETE FROM jobs WHERE id = ? AND tracking <> 'submitting' RETURNING id, account_id`,
    ),
    setTracking: prepare(`UPDATE jobs SET tracking = @tracking, tracking_note = @note WHERE id = @id`),
    claim: prepare(
      `UPDATE jobs SET tracking = 'submitting', tracking_note = NULL
       WHERE id = ? AND tracking = 'pending' AND archived = 0`,
    ),
    note: prepare(`UPDATE jobs SET tracking_note = @note, last_polled_ms = @nowMs WHERE id = @id`),
    requeued: prepare(`
        UPDATE jobs SET tracking = 'active', tracking_note = NULL, finished_at = NULL, requeued_ms = @nowMs,
          status = NULL, error = NULL, credit_used = NULL, output_path = NULL, record_json = NULL
        WHERE id = @id`),
    get: prepare(`SELECT * FROM jobs WHERE id = ?`),
    payload: prepare(`SELECT request_json, record_json FROM jobs WHERE id = ?`),
    byUuid: prepare(`SELECT * FROM jobs WHERE account_id = ? AND uuid = ?`),
    list: prepare(`SELECT * FROM jobs WHERE account_id = ? ORDER BY ${JOB_ORDER}`),
    listArchived: prepare(`SELECT * FROM jobs WHERE archived = 1 ORDER BY ${JOB_ORDER}`),
    byTracking: prepare(`SELECT * FROM jobs WHERE tracking = ? AND archived = 0`),
    remove: prepare(`DELETE FROM jobs WHERE id = ?`),
    archive: prepare(`UPDATE jobs SET archived = 1 WHERE account_id = ?`),
    removeAccount: prepare(`DELETE FROM jobs WHERE account_id = ?`),
    finished: prepare(`
        SELECT project_id, job_type, created_at, finished_at, requeued_ms FROM jobs
        WHERE account_id = ? AND tracking = 'final' AND created_at IS NOT NULL AND finished_at IS NOT NULL
        ORDER BY first_seen_ms DESC LIMIT ?`),
    latestFinishedWithOutput: prepare(`
        SELECT * FROM jobs WHERE account_id = ? AND status = 'SUCCESS' AND output_path IS NOT NULL
        ORDER BY finished_at DESC LIMIT 1`),
    charges: prepare(`
        SELECT credit_used FROM jobs
        WHERE account_id = ? AND project_id = ? AND tracking = 'final' AND status = 'SUCCESS'
          AND credit_used IS NOT NULL
        ORDER BY finished_at DESC LIMIT ?`),
    accounts: prepare(`SELECT DISTINCT account_id FROM jobs WHERE archived = 0`),
    running: prepare(
      `SELECT COUNT(*) AS n FROM jobs WHERE tracking IN ('submitting', 'active') AND archived = 0`,
    ),
    openInBatch: prepare(
      `SELECT COUNT(*) AS n FROM jobs WHERE batch_id = ? AND tracking IN ('pending', 'submitting', 'active', 'unknown')`,
    ),
    nextPending: prepare(`
        SELECT * FROM jobs WHERE batch_id = ? AND tracking = 'pending' AND archived = 0
        ORDER BY batch_row LIMIT ?`),
    inBatch: prepare(`SELECT * FROM jobs WHERE batch_id = ? ORDER BY batch_row`),
    removeInBatch: prepare(`DELETE FROM jobs WHERE batch_id = ? AND tracking = ? RETURNING id, batch_row`),
    batchCounts: prepare(`
        SELECT SUM(status = 'SUCCESS') AS succeeded, SUM(status = 'FAILED') AS failed,
          (SELECT name FROM batches WHERE batches.id = @batchId) AS name
        FROM jobs WHERE batch_id = @batchId`),
  };
}

export class SqliteJobs implements JobStore {
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(private readonly db: Database) {
    this.statements = prepareStatements(db);
  }

  /** Written before the request is sent: if the app dies now, the job is found as `submitting`. */
  async insertSubmission(
    job: NewSubmission,
    tracking: 'submitting' | 'pending' = 'submitting',
  ): Promise<void> {
    this.insertNow(job, tracking);
  }

  /**
   * The same write, synchronous, for a transaction of this database (a batch and its rows): a failure
   * throws inside the transaction and rolls it back, which a rejected promise would not.
   */
  insertNow(job: NewSubmission, tracking: 'submitting' | 'pending'): void {
    this.statements.insert.run({
      ...job,
      tracking,
      request: json(job.request),
      values: json(job.values),
      batchId: job.batchId ?? null,
      batchRow: job.batchRow ?? null,
      submittedBy: job.submittedBy ?? null,
    });
  }

  /** A batch's next rows waiting to be sent, in row order. */
  async nextPending(batchId: string, limit: number): Promise<Job[]> {
    return (this.statements.nextPending.all(batchId, limit) as JobRow[]).map(jobOf);
  }

  /** Every job of a batch, in row order. */
  async inBatch(batchId: string): Promise<Job[]> {
    return (this.statements.inBatch.all(batchId) as JobRow[]).map(jobOf);
  }

  /** Drops a batch's rows in one tracking state (its unsent rows, when it is cancelled); their ids. */
  /** One statement: the rows it drops are the ids it answers (in row order). */
  async removeInBatch(batchId: string, tracking: TrackingState): Promise<string[]> {
    const rows = this.statements.removeInBatch.all(batchId, tracking) as {
      id: string;
      batch_row: number | null;
    }[];
    return rows.sort((a, b) => (a.batch_row ?? 0) - (b.batch_row ?? 0)).map((row) => row.id);
  }

  async applyPolled(
    id: string,
    columns: RecordColumns,
    nowMs: number,
    requeuedMs: number | null,
  ): Promise<Job | undefined> {
    const record = json(columns.record);
    const written =
      this.statements.applyPolled.run({ id, ...columns, record, nowMs, requeuedMs }).changes > 0;
    return written ? this.get(id) : undefined;
  }

  async claimUnknown(id: string): Promise<boolean> {
    return this.statements.claimUnknown.run(id).changes > 0;
  }

  async removeUnknown(id: string): Promise<boolean> {
    return this.statements.removeUnknown.run(id).changes > 0;
  }

  /** One transaction: each job is dropped only if it is not being sent at that moment. */
  async removeUnlessSubmitting(ids: readonly string[]): Promise<{ id: string; accountId: string }[]> {
    const removed: { id: string; accountId: string }[] = [];
    this.db.transaction(() => {
      for (const id of ids) {
        const row = this.statements.removeUnlessSubmitting.get(id) as
          { id: string; account_id: string } | undefined;
        if (row) removed.push({ id: row.id, accountId: row.account_id });
      }
    })();
    return removed;
  }

  async insertTracked(job: TrackedJob): Promise<void> {
    this.statements.insertTracked.run({
      ...job,
      request: json(job.request),
      values: json(job.values),
      record: json(job.record),
      submittedBy: job.submittedBy ?? null,
    });
  }

  async applyRecord(id: string, columns: RecordColumns, nowMs: number): Promise<Job | undefined> {
    this.statements.applyRecord.run({ id, ...columns, record: json(columns.record), nowMs });
    return this.get(id);
  }

  /** The live jobs still `submitting`, settled in one transaction; ordered by id. */
  async settleInterrupted(note: string): Promise<{ id: string; accountId: string }[]> {
    return this.db.transaction(() => {
      const cut = this.statements.byTracking.all('submitting') as JobRow[];
      for (const row of cut) this.statements.setTracking.run({ id: row.id, tracking: 'unknown', note });
      return cut
        .map((row) => ({ id: row.id, accountId: row.account_id }))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
    })();
  }

  async setTracking(id: string, tracking: TrackingState, note: string | null): Promise<void> {
    this.statements.setTracking.run({ id, tracking, note });
  }

  /**
   * Marks a pending row `submitting`, unless another sender (another process on the history, during a
   * hand-over of its lease) took it first: one statement, so a row is claimed once.
   */
  async claimPending(id: string): Promise<boolean> {
    return this.statements.claim.run(id).changes > 0;
  }

  /** Why the last status check failed; the job stays as it was. */
  async note(id: string, note: string, nowMs: number): Promise<void> {
    this.statements.note.run({ id, note, nowMs });
  }

  async markRequeued(ids: readonly string[], nowMs: number): Promise<void> {
    this.db.transaction(() => {
      for (const id of ids) this.statements.requeued.run({ id, nowMs });
    })();
  }

  async get(id: string): Promise<Job | undefined> {
    const row = this.statements.get.get(id) as JobRow | undefined;
    return row && jobOf(row);
  }

  /** One statement per id: SQLite answers in microseconds, in this process. */
  async getMany(ids: readonly string[]): Promise<Job[]> {
    return [...new Set(ids)].flatMap((id) => {
      const row = this.statements.get.get(id) as JobRow | undefined;
      return row ? [jobOf(row)] : [];
    });
  }

  /** The request as sent and the last service record (a job's details, a resend). */
  async payload(id: string): Promise<JobPayload> {
    const row = this.statements.payload.get(id) as
      { request_json: string | null; record_json: string | null } | undefined;
    return row ? payloadOf(row) : { request: null, record: null };
  }

  async getByUuid(accountId: string, uuid: string): Promise<Job | undefined> {
    const row = this.statements.byUuid.get(accountId, uuid) as JobRow | undefined;
    return row && jobOf(row);
  }

  async list(accountId: string): Promise<Job[]> {
    return (this.statements.list.all(accountId) as JobRow[]).map(jobOf);
  }

  async listArchived(): Promise<Job[]> {
    return (this.statements.listArchived.all() as JobRow[]).map(jobOf);
  }

  /** Jobs of accounts still in the list, in one tracking state (e.g. all `active` ones at start). */
  async withTracking(tracking: TrackingState): Promise<Job[]> {
    return (this.statements.byTracking.all(tracking) as JobRow[]).map(jobOf);
  }

  async remove(ids: readonly string[]): Promise<number> {
    let removed = 0;
    this.db.transaction(() => {
      for (const id of ids) removed += this.statements.remove.run(id).changes;
    })();
    return removed;
  }

  /** The account was removed: its jobs stay, read-only. */
  async archiveAccount(accountId: string): Promise<void> {
    this.statements.archive.run(accountId);
  }

  /**
   * Makes the archived jobs of accounts in `known` live again; answers how many. Only an account whose id
   * comes back has any: a command line's session account (the same id each run, absent from the other
   * runs, which archived its jobs as orphans). A removed account's id never comes back.
   */
  async reviveAccounts(known: readonly string[]): Promise<number> {
    if (known.length === 0) return 0;
    const placeholders = known.map(() => '?').join(', ');
    const sql = `UPDATE jobs SET archived = 0 WHERE archived = 1 AND account_id IN (${placeholders})`;
    return this.db.prepare(sql).run(...known).changes;
  }

  /** Archives the jobs of every account not in `known`; answers how many. */
  async archiveOrphans(known: readonly string[]): Promise<number> {
    const placeholders = known.map(() => '?').join(', ');
    const sql = known.length
      ? `UPDATE jobs SET archived = 1 WHERE archived = 0 AND account_id NOT IN (${placeholders})`
      : `UPDATE jobs SET archived = 1 WHERE archived = 0`;
    return this.db.prepare(sql).run(...known).changes;
  }

  async removeAccount(accountId: string): Promise<number> {
    return this.statements.removeAccount.run(accountId).changes;
  }

  async accountIds(): Promise<string[]> {
    return (this.statements.accounts.all() as { account_id: string }[]).map((row) => row.account_id);
  }

  /** Jobs being sent or followed, for the badge and the rail. */
  async countRunning(): Promise<number> {
    return (this.statements.running.get() as { n: number }).n;
  }

  async openInBatch(batchId: string): Promise<number> {
    return (this.statements.openInBatch.get(batchId) as { n: number }).n;
  }

  async batchCounts(batchId: string): Promise<{ succeeded: number; failed: number; name: string }> {
    // The name from the batch itself: a batch whose rows are all gone (cancelled before any was sent)
    // still has one.
    const row = this.statements.batchCounts.get({ batchId }) as {
      succeeded: number | null;
      failed: number | null;
      name: string | null;
    };
    return {
      succeeded: row.succeeded ?? 0,
      failed: row.failed ?? 0,
      name: row.name ?? `Batch ${batchId.slice(0, 8)}`,
    };
  }

  /** The latest finished jobs of an account, for learning how long jobs take. */
  async finishedJobs(accountId: string, limit = 5000): Promise<FinishedTimes[]> {
    return (this.statements.finished.all(accountId, limit) as FinishedRow[]).map(finishedTimesOf);
  }

  /** What the project's latest successful jobs were charged, newest first. */
  async charges(accountId: string, projectId: string, limit = 50): Promise<number[]> {
    const rows = this.statements.charges.all(accountId, projectId, limit) as { credit_used: number }[];
    return rows.map((row) => row.credit_used);
  }

  /** The account's latest successful job with an output file (for the naming template's preview). */
  async latestFinishedWithOutput(accountId: string): Promise<Job | undefined> {
    const row = this.statements.latestFinishedWithOutput.get(accountId) as JobRow | undefined;
    return row && jobOf(row);
  }
}
