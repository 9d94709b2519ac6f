// Rows of the history's tables into the core's domain types, for both stores: their columns are named
// alike, but SQLite answers 0/1 where PostgreSQL answers booleans, and PostgreSQL may answer a bigint as a
// string. Stored JSON is read defensively: a damaged value or record reads as none, and the row still lists.
import type { TrackingState } from '../../shared/domain/job';
import type { DownloadState } from '../../shared/domain/download';
import { parseSheet, type Batch } from '../batches/batch';
import type { Download } from '../downloads/download';
import type { FinishedTimes, Job, JobPayload, JobSource } from '../jobs/job';

type Bigint = number | string;

export function num(value: Bigint): number {
  return typeof value === 'number' ? value : Number(value);
}

export function numOrNull(value: Bigint | null): number | null {
  return value === null ? null : num(value);
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function valuesOf(text: string): Record<string, unknown> {
  const values = parse(text);
  return values && typeof values === 'object' && !Array.isArray(values)
    ? (values as Record<string, unknown>)
    : {};
}

/** The jobs table's columns a Job is made of (a list never needs the request and record). */
export interface JobRow {
  id: string;
  uuid: string | null;
  account_id: string;
  project_id: string;
  project_name: string;
  job_type: string;
  status: string | null;
  tracking: string;
  tracking_note: string | null;
  source: JobSource;
  values_json: string;
  summary: string;
  credit_used: number | null;
  output_path: string | null;
  error: string | null;
  created_at: string | null;
  updated_at: string | null;
  finished_at: string | null;
  first_seen_ms: Bigint;
  last_polled_ms: Bigint | null;
  batch_id: string | null;
  batch_row: number | null;
  archived: number | boolean;
  requeued_ms: Bigint | null;
  submitted_by: string | null;
}

export function jobOf(row: JobRow): Job {
  return {
    id: row.id,
    uuid: row.uuid,
    accountId: row.account_id,
    projectId: row.project_id,
    projectName: row.project_name,
    jobType: row.job_type,
    status: row.status,
    tracking: row.tracking as TrackingState,
    trackingNote: row.tracking_note,
    source: row.source,
    values: valuesOf(row.values_json),
    summary: row.summary,
    creditUsed: row.credit_used,
    outputPath: row.output_path,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    firstSeenMs: num(row.first_seen_ms),
    lastPolledMs: numOrNull(row.last_polled_ms),
    batchId: row.batch_id,
    batchRow: row.batch_row,
    archived: row.archived === true || row.archived === 1,
    requeuedMs: numOrNull(row.requeued_ms),
    submittedBy: row.submitted_by ?? null,
  };
}

export function payloadOf(row: { request_json: string | null; record_json: string | null }): JobPayload {
  return { request: parse(row.request_json), record: parse(row.record_json) };
}

export interface FinishedRow {
  project_id: string;
  job_type: string;
  created_at: string;
  finished_at: string;
  requeued_ms: Bigint | null;
}

export function finishedTimesOf(row: FinishedRow): FinishedTimes {
  return {
    projectId: row.project_id,
    jobType: row.job_type,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    requeuedMs: numOrNull(row.requeued_ms),
  };
}

export interface BatchRow {
  id: string;
  account_id: string;
  project_id: string;
  project_name: string | null;
  job_type: string | null;
  name: string;
  created_ms: Bigint;
  row_count: number;
  session_id: string | null;
  state: string;
  sheet_json: string | null;
  name_template: string | null;
}

export function batchOf(row: BatchRow): Batch {
  return {
    id: row.id,
    accountId: row.account_id,
    projectId: row.project_id,
    projectName: row.project_name,
    jobType: row.job_type,
    name: row.name,
    createdMs: num(row.created_ms),
    rowCount: row.row_count,
    sessionId: row.session_id,
    state: row.state,
    sheet: parseSheet(row.sheet_json),
    nameTemplate: row.name_template,
  };
}

export interface DownloadRow {
  job_id: string;
  account_id: string;
  state: DownloadState;
  root: string;
  target: string;
  path: string | null;
  bytes: Bigint;
  total: Bigint | null;
  etag: string | null;
  url: string | null;
  error: string | null;
  attempts: number;
  next_try_ms: Bigint | null;
  updated_ms: Bigint;
}

export function downloadOf(row: DownloadRow): Download {
  return {
    jobId: row.job_id,
    accountId: row.account_id,
    state: row.state,
    root: row.root,
    target: row.target,
    path: row.path,
    bytes: num(row.bytes),
    total: numOrNull(row.total),
    etag: row.etag,
    url: row.url,
    error: row.error,
    attempts: row.attempts,
    nextTryMs: numOrNull(row.next_try_ms),
    updatedMs: num(row.updated_ms),
  };
}
