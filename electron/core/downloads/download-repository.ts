// The downloads table: one row per job being (or done) downloaded, so that a download survives a restart.
// Queuing one again keeps its folder and name: its `.part` is there.
import type { Database, Statement } from 'better-sqlite3';
import type { DownloadState } from '../../shared/domain/download';

export interface DownloadRow {
  job_id: string;
  account_id: string;
  state: DownloadState;
  root: string;
  target: string;
  path: string | null;
  bytes: number;
  total: number | null;
  etag: string | null;
  url: string | null;
  error: string | null;
  attempts: number;
  next_try_ms: number | null;
  updated_ms: number;
}

function prepareStatements(db: Database) {
  const prepare = (sql: string): Statement => db.prepare(sql);
  return {
    upsert: prepare(`
        INSERT INTO downloads (job_id, account_id, state, root, target, updated_ms)
        VALUES (@jobId, @accountId, 'queued', @root, @target, @nowMs)
        ON CONFLICT (job_id) DO UPDATE SET state = 'queued', error = NULL, attempts = 0, next_try_ms = NULL,
          updated_ms = excluded.updated_ms
        WHERE downloads.state NOT IN ('active', 'done')`),
    get: prepare(`SELECT * FROM downloads WHERE job_id = ?`),
    byAccount: prepare(`SELECT * FROM downloads WHERE account_id = ? ORDER BY updated_ms DESC`),
    byState: prepare(`SELECT * FROM downloads WHERE state = ? ORDER BY updated_ms`),
    update: prepare(`
        UPDATE downloads SET state = @state, path = @path, bytes = @bytes, total = @total, etag = @etag,
          url = @url, error = @error, attempts = @attempts, next_try_ms = @next_try_ms, updated_ms = @updated_ms
        WHERE job_id = @job_id`),
    remove: prepare(`DELETE FROM downloads WHERE job_id = ?`),
    removeAccount: prepare(`DELETE FROM downloads WHERE account_id = ?`),
  };
}

export class DownloadRepository {
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(db: Database) {
    this.statements = prepareStatements(db);
  }

  /** Queues a job's download (again, unless it is running or done). */
  enqueue(row: { jobId: string; accountId: string; root: string; target: string; nowMs: number }): void {
    this.statements.upsert.run(row);
  }

  get(jobId: string): DownloadRow | undefined {
    return this.statements.get.get(jobId) as DownloadRow | undefined;
  }

  list(accountId: string): DownloadRow[] {
    return this.statements.byAccount.all(accountId) as DownloadRow[];
  }

  inState(state: DownloadState): DownloadRow[] {
    return this.statements.byState.all(state) as DownloadRow[];
  }

  save(row: DownloadRow): void {
    this.statements.update.run(row);
  }

  remove(jobId: string): void {
    this.statements.remove.run(jobId);
  }

  removeAccount(accountId: string): void {
    this.statements.removeAccount.run(accountId);
  }
}
