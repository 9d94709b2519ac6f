// A row of the team history's jobs table as PostgreSQL returns it, and the one place it becomes a Job
// (the same Job SQLite's rows become: values parsed once, a damaged value or record reads as none).
import type { TrackingState } from '../../../shared/domain/job';
import type { FinishedTimes, Job, JobPayload, JobSource } from '../../jobs/job';
import { num, numOrNull } from './pg-access';

export interface PgJobRow {
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
  first_seen_ms: number | string;
  last_polled_ms: number | string | null;
  batch_id: string | null;
  batch_row: number | null;
  archived: boolean;
  requeued_ms: number | string | null;
}

/** The columns a Job is made of: lists never fetch the request and record (they can be large). */
export const JOB_COLUMNS = `id, uuid, account_id, project_id, project_name, job_type, status, tracking,
  tracking_note, source, values_json, summary, credit_used, output_path, error, created_at, updated_at,
  finished_at, first_seen_ms, last_polled_ms, batch_id, batch_row, archived, requeued_ms`;

/** Stored JSON, or null where there is none or it is damaged (a damaged row must still list). */
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

export function jobOfPg(row: PgJobRow): Job {
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
    archived: row.archived,
    requeuedMs: numOrNull(row.requeued_ms),
  };
}

export function payloadOfPg(row: { request_json: string | null; record_json: string | null }): JobPayload {
  return { request: parse(row.request_json), record: parse(row.record_json) };
}

export interface PgFinishedRow {
  project_id: string;
  job_type: string;
  created_at: string;
  finished_at: string;
  requeued_ms: number | string | null;
}

export function finishedTimesOfPg(row: PgFinishedRow): FinishedTimes {
  return {
    projectId: row.project_id,
    jobType: row.job_type,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    requeuedMs: numOrNull(row.requeued_ms),
  };
}
