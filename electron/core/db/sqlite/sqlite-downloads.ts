// The downloads table: one row per job being (or done) downloaded, so that a download survives a restart.
// Queuing one again keeps its folder and name: its `.part` is there.
import type { Database, Statement } from 'better-sqlite3';
import type { DownloadState } from '../../../shared/domain/download';
import type { DownloadStore } from '../../downloads/download-store';
import type { Download } from '../../downloads/download';
import { downloadOf, type DownloadRow } from '../row-mappers';
import { GroupCommit } from './group-commit';

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
    byAccount: prepare(`SELECT * FROM downloads WHERE account_id = ? ORDER BY updated_ms DESC, job_id`),
    byState: prepare(`SELECT * FROM downloads WHERE state = ? ORDER BY updated_ms, job_id`),
    update: prepare(`
        UPDATE downloads SET state = @state, path = @path, bytes = @bytes, total = @total, etag = @etag,
          url = @url, error = @error, attempts = @attempts, next_try_ms = @nextTryMs, updated_ms = @updatedMs
        WHERE job_id = @jobId`),
    remove: prepare(`DELETE FROM downloads WHERE job_id = ?`),
    removeAccount: prepare(`DELETE FROM downloads WHERE account_id = ?`),
  };
}

export class SqliteDownloads implements DownloadStore {
  private readonly statements: ReturnType<typeof prepareStatements>;
  /** Writes of the same moment share one commit; every read commits what was asked before it. */
  private readonly writes: GroupCommit;

  constructor(db: Database) {
    this.statements = prepareStatements(db);
    this.writes = new GroupCommit(db);
  }

  /** Queues a job's download (again, unless it is running or done). */
  async enqueue(row: {
    jobId: string;
    accountId: string;
    root: string;
    target: string;
    nowMs: number;
  }): Promise<void> {
    return this.writes.write(() => this.statements.upsert.run(row));
  }

  async get(jobId: string): Promise<Download | undefined> {
    this.writes.flush();
    const row = this.statements.get.get(jobId) as DownloadRow | undefined;
    return row && downloadOf(row);
  }

  async list(accountId: string): Promise<Download[]> {
    this.writes.flush();
    return (this.statements.byAccount.all(accountId) as DownloadRow[]).map(downloadOf);
  }

  async inState(state: DownloadState): Promise<Download[]> {
    this.writes.flush();
    return (this.statements.byState.all(state) as DownloadRow[]).map(downloadOf);
  }

  /** Writes a download's progress and outcome (every field but its job, account and place). */
  async save(download: Download): Promise<void> {
    const { jobId, state, path, bytes, total, etag, url, error, attempts, nextTryMs, updatedMs } = download;
    const values = {
      jobId,
      state,
      path,
      bytes,
      total,
      etag,
      url,
      error,
      attempts,
      nextTryMs,
      updatedMs,
    };
    return this.writes.write(() => this.statements.update.run(values));
  }

  async remove(jobId: string): Promise<void> {
    return this.writes.write(() => this.statements.remove.run(jobId));
  }

  async removeAccount(accountId: string): Promise<void> {
    return this.writes.write(() => this.statements.removeAccount.run(accountId));
  }
}
