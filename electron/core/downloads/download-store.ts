// The downloads port: this computer's saved files, in domain types (see jobs/job-store.ts). A download
// record belongs to a computer: a team's store keeps one per computer and job.
import type { DownloadState } from '../../shared/domain/download';
import type { Download } from './download';

export interface DownloadStore {
  /** Queues a job's download (again, unless it is running or done). */
  enqueue(download: {
    jobId: string;
    accountId: string;
    root: string;
    target: string;
    nowMs: number;
  }): Promise<void>;
  get(jobId: string): Promise<Download | undefined>;
  list(accountId: string): Promise<Download[]>;
  inState(state: DownloadState): Promise<Download[]>;
  /** Writes a download's progress and outcome (every field but its job, account and place). */
  save(download: Download): Promise<void>;
  remove(jobId: string): Promise<void>;
  removeAccount(accountId: string): Promise<void>;
}
