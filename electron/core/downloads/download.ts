// A saved (or being saved) output as the core knows it: what every store hands out and takes back.
import type { DownloadState } from '../../shared/domain/download';

export interface Download {
  jobId: string;
  accountId: string;
  state: DownloadState;
  /** The folder chosen for it, and its name inside (kept when it is queued again: its `.part` is there). */
  root: string;
  target: string;
  /** Where it was saved, once done. */
  path: string | null;
  bytes: number;
  total: number | null;
  etag: string | null;
  url: string | null;
  error: string | null;
  attempts: number;
  nextTryMs: number | null;
  updatedMs: number;
}
