// This computer's downloads in the team history: the downloads port (downloads/download-store.ts) as
// SQLite's SqliteDownloads answers it, every statement scoped to this computer's id. File locations are not
// shared: a job saved on one computer is "not saved here" on another, which keeps its own record.
import type { DownloadState } from '../../../shared/domain/download';
import type { DownloadStore } from '../../downloads/download-store';
import type { Download } from '../../downloads/download';
import { downloadOf, type DownloadRow } from '../row-mappers';
import type { PgAccess } from './pg-access';

/** A row of the downloads table as PostgreSQL returns it (its computer_id is always this computer's). */

const DOWNLOAD_COLUMNS = `job_id, account_id, state, root, target, path, bytes, total, etag, url, error,
  attempts, next_try_ms, updated_ms`;

export class PgDownloads implements DownloadStore {
  constructor(
    private readonly db: PgAccess,
    private readonly computerId: string,
  ) {}

  /** Queues a job's download (again, unless it is running or done); queued again, it keeps its folder and name. */
  async enqueue(row: {
    jobId: string;
    accountId: string;
    root: string;
    target: string;
    nowMs: number;
  }): Promise<void> {
    await this.db.write(
      `INSERT INTO downloads (computer_id, job_id, account_id, state, root, target, updated_ms)
       VALUES ($1, $2, $3, 'queued', $4, $5, $6)
       ON CONFLICT (computer_id, job_id) DO UPDATE SET state = 'queued', error = NULL, attempts = 0,
         next_try_ms = NULL, updated_ms = excluded.updated_ms
       WHERE downloads.state NOT IN ('active', 'done')`,
      [this.computerId, row.jobId, row.accountId, row.root, row.target, row.nowMs],
    );
  }

  async get(jobId: string): Promise<Download | undefined> {
    const [row] = await this.db.read<DownloadRow>(
      `SELECT ${DOWNLOAD_COLUMNS} FROM downloads WHERE computer_id = $1 AND job_id = $2`,
      [this.computerId, jobId],
    );
    return row && downloadOf(row);
  }

  async list(accountId: string): Promise<Download[]> {
    const rows = await this.db.read<DownloadRow>(
      `SELECT ${DOWNLOAD_COLUMNS} FROM downloads WHERE computer_id = $1 AND account_id = $2
       ORDER BY updated_ms DESC, job_id COLLATE "C"`,
      [this.computerId, accountId],
    );
    return rows.map(downloadOf);
  }

  async inState(state: DownloadState): Promise<Download[]> {
    const rows = await this.db.read<DownloadRow>(
      `SELECT ${DOWNLOAD_COLUMNS} FROM downloads WHERE computer_id = $1 AND state = $2 ORDER BY updated_ms, job_id COLLATE "C"`,
      [this.computerId, state],
    );
    return rows.map(downloadOf);
  }

  /** Writes a download's progress and outcome (every field but its job, account and place). */
  async save(download: Download): Promise<void> {
    await this.db.write(
      `UPDATE downloads SET state = $3, path = $4, bytes = $5, total = $6, etag = $7, url = $8, error = $9,
         attempts = $10, next_try_ms = $11, updated_ms = $12
       WHERE computer_id = $1 AND job_id = $2`,
      [
        this.computerId,
        download.jobId,
        download.state,
        download.path,
        download.bytes,
        download.total,
        download.etag,
        download.url,
        download.error,
        download.attempts,
        download.nextTryMs,
        download.updatedMs,
      ],
    );
  }

  async remove(jobId: string): Promise<void> {
    await this.db.write(`DELETE FROM downloads WHERE computer_id = $1 AND job_id = $2`, [
      this.computerId,
      jobId,
    ]);
  }

  async removeAccount(accountId: string): Promise<void> {
    await this.db.write(`DELETE FROM downloads WHERE computer_id = $1 AND account_id = $2`, [
      this.computerId,
      accountId,
    ]);
  }
}
