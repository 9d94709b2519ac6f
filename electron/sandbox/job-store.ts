// Jobs as stored rows, and the one update path shared by PUT /jobs/:id and the worker.
import { randomUUID } from 'node:crypto';
import type { SandboxDb } from './db';
import type { AccountStore } from './account-store';
import { drawDurationMs } from './run-duration';
import type { Simulation } from './seed';

/** The job record exactly as the API returns it. */
export interface JobRecord {
  uuid: string;
  user_id: string;
  template_id: string;
  input: Record<string, unknown>;
  values: Record<string, unknown>;
  output?: Record<string, unknown>;
  job_status: string;
  job_type: string;
  credit_used: string;
  created_at: string;
  updated_at: string;
}

export interface JobRun {
  uuid: string;
  accountId: string;
  runId: string;
  startedAt: number;
  durationMs: number;
  outcome: 'SUCCESS' | 'FAILED';
  cost: number;
  status: string;
  templateId: string;
  jobType: string;
  values: Record<string, unknown>;
}

interface JobRow {
  uuid: string;
  account_id: string;
  template_id: string;
  job_type: string;
  job_status: string;
  input: string;
  job_values: string;
  output: string | null;
  credit_used: string;
  created_at: string;
  updated_at: string;
  run_id: string | null;
  run_started_at: number | null;
  run_duration_ms: number | null;
  run_outcome: string | null;
  run_cost: number | null;
  next_at: number | null;
}

function toRecord(row: JobRow): JobRecord {
  const record: JobRecord = {
    uuid: row.uuid,
    user_id: row.account_id,
    template_id: row.template_id,
    input: JSON.parse(row.input) as Record<string, unknown>,
    values: JSON.parse(row.job_values) as Record<string, unknown>,
    job_status: row.job_status,
    job_type: row.job_type,
    credit_used: row.credit_used,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  if (row.output !== null) record.output = JSON.parse(row.output) as Record<string, unknown>;
  return record;
}

export interface JobUpdate {
  job_status?: string;
  output?: Record<string, unknown>;
}

export interface NewJob {
  accountId: string;
  templateId: string;
  jobType: string;
  input: Record<string, unknown>;
  values: Record<string, unknown>;
  simulation: Simulation;
}

export class JobStore {
  constructor(
    private readonly db: SandboxDb,
    private readonly accounts: AccountStore,
    private readonly clock: () => number = Date.now,
    /** Draws run durations when a project has a durationSpread; seeded in tests. */
    private readonly random: () => number = Math.random,
  ) {}

  create(job: NewJob): JobRecord {
    const now = this.clock();
    const iso = new Date(now).toISOString();
    const uuid = randomUUID();
    this.db
      .prepare(
        `INSERT INTO jobs (uuid, account_id, template_id, job_type, job_status, input, job_values, output,
           credit_used, created_at, updated_at, run_id, run_started_at, run_duration_ms, run_outcome, run_cost, next_at)
         VALUES (?, ?, ?, ?, 'QUEUED', ?, ?, NULL, '0', ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        uuid,
        job.accountId,
        job.templateId,
        job.jobType,
        JSON.stringify(job.input),
        JSON.stringify(job.values),
        iso,
        iso,
        randomUUID(),
        now,
        drawDurationMs(job.simulation, this.random),
        job.simulation.outcome,
        job.simulation.creditCost,
        now,
      );
    const created = this.get(job.accountId, uuid);
    if (!created) throw new Error('A created job could not be read back.');
    return created;
  }

  /** The job if it belongs to the account; foreign and unknown jobs look the same. */
  get(accountId: string, uuid: string): JobRecord | undefined {
    const row = this.row(accountId, uuid);
    return row ? toRecord(row) : undefined;
  }

  private row(accountId: string, uuid: string): JobRow | undefined {
    return this.db
      .prepare<[string, string], JobRow>('SELECT * FROM jobs WHERE uuid = ? AND account_id = ?')
      .get(uuid, accountId);
  }

  /**
   * PUT /jobs/:id semantics, also used by the worker to finish a run: job_status and output are replaced,
   * output.credit_used is subtracted from the balance (and kept as the job's credit_used). A job_status
   * from outside ends the worker's current run: the caller has taken the job over.
   */
  update(accountId: string, uuid: string, update: JobUpdate): JobRecord | undefined {
    return this.db.transaction(() => {
      const row = this.row(accountId, uuid);
      if (!row) return undefined;
      const now = new Date(this.clock()).toISOString();
      const creditUsed = update.output?.['credit_used'];
      const charge = typeof creditUsed === 'number' && Number.isFinite(creditUsed) ? creditUsed : null;
      this.db
        .prepare(
          `UPDATE jobs SET
             job_status = COALESCE(?, job_status),
             output = CASE WHEN ? THEN ? ELSE output END,
             credit_used = COALESCE(?, credit_used),
             updated_at = ?,
             run_id = CASE WHEN ? THEN NULL ELSE run_id END,
             next_at = CASE WHEN ? THEN NULL ELSE next_at END
           WHERE uuid = ?`,
        )
        .run(
          update.job_status ?? null,
          update.output ? 1 : 0,
          update.output ? JSON.stringify(update.output) : null,
          charge === null ? null : String(charge),
          now,
          update.job_status ? 1 : 0,
          update.job_status ? 1 : 0,
          uuid,
        );
      if (charge !== null) this.accounts.subtractCredits(accountId, charge);
      return this.get(accountId, uuid);
    })();
  }

  /**
   * Puts a job back on the worker queue: QUEUED again, a fresh run (with a fresh duration); its old output
   * stays until replaced.
   */
  requeue(accountId: string, uuid: string, simulation: Simulation): boolean {
    const now = this.clock();
    const result = this.db
      .prepare(
        `UPDATE jobs SET job_status = 'QUEUED', updated_at = ?, run_id = ?, run_started_at = ?,
           run_duration_ms = ?, run_outcome = ?, run_cost = ?, next_at = ?
         WHERE uuid = ? AND account_id = ?`,
      )
      .run(
        new Date(now).toISOString(),
        randomUUID(),
        now,
        drawDurationMs(simulation, this.random),
        simulation.outcome,
        simulation.creditCost,
        now,
        uuid,
        accountId,
      );
    return result.changes === 1;
  }

  /** Jobs whose run has a step due at or before `now`. */
  dueRuns(now: number, limit: number): JobRun[] {
    return this.db
      .prepare<[number, number], JobRow>(
        'SELECT * FROM jobs WHERE next_at IS NOT NULL AND next_at <= ? ORDER BY next_at LIMIT ?',
      )
      .all(now, limit)
      .map((row) => ({
        uuid: row.uuid,
        accountId: row.account_id,
        runId: row.run_id ?? '',
        startedAt: row.run_started_at ?? now,
        durationMs: row.run_duration_ms ?? 0,
        outcome: row.run_outcome === 'FAILED' ? 'FAILED' : 'SUCCESS',
        cost: row.run_cost ?? 0,
        status: row.job_status,
        templateId: row.template_id,
        jobType: row.job_type,
        values: JSON.parse(row.job_values) as Record<string, unknown>,
      }));
  }

  nextDueAt(): number | null {
    const row = this.db
      .prepare<[], { next: number | null }>('SELECT MIN(next_at) AS next FROM jobs WHERE next_at IS NOT NULL')
      .get();
    return row?.next ?? null;
  }

  /** Moves a run one step (status and next wake-up), only if the run is still the current one. */
  advance(uuid: string, runId: string, status: string, nextAt: number | null): boolean {
    const result = this.db
      .prepare('UPDATE jobs SET job_status = ?, next_at = ?, updated_at = ? WHERE uuid = ? AND run_id = ?')
      .run(status, nextAt, new Date(this.clock()).toISOString(), uuid, runId);
    return result.changes === 1;
  }

  /** Marks a run as being finished (no wake-up) so no other tick picks it while its output renders. */
  claimForFinish(uuid: string, runId: string): boolean {
    return (
      this.db.prepare('UPDATE jobs SET next_at = NULL WHERE uuid = ? AND run_id = ?').run(uuid, runId)
        .changes === 1
    );
  }

  isCurrentRun(uuid: string, runId: string): boolean {
    return this.db.prepare('SELECT 1 FROM jobs WHERE uuid = ? AND run_id = ?').get(uuid, runId) !== undefined;
  }

  /** After a crash, runs that were being finished are picked up again. */
  recoverClaimedRuns(now: number): void {
    this.db.prepare('UPDATE jobs SET next_at = ? WHERE run_id IS NOT NULL AND next_at IS NULL').run(now);
  }

  /** The account's job ids, oldest first (for tests that must find a job the client never heard of). */
  ids(accountId: string): string[] {
    return this.db
      .prepare<[string], { uuid: string }>('SELECT uuid FROM jobs WHERE account_id = ? ORDER BY rowid')
      .all(accountId)
      .map((row) => row.uuid);
  }

  count(accountId?: string): number {
    const row = accountId
      ? this.db
          .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM jobs WHERE account_id = ?')
          .get(accountId)
      : this.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM jobs').get();
    return row?.n ?? 0;
  }
}
