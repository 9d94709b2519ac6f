// A row of the jobs table as SQLite returns it, and the one place it becomes a Job.
import type { TrackingState } from '../../../shared/domain/job';
import type { FinishedTimes, Job, JobPayload, JobSource } from '../../jobs/job';

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
  request_json: string | null;
  values_json: string;
  summary: string;
  record_json: string | null;
  credit_used: number | null;
  output_path: string | null;
  error: string | null;
  created_at: string | null;
  updated_at: string | null;
  finished_at: string | null;
  first_seen_ms: number;
  last_polled_ms: number | null;
  batch_id: string | null;
  batch_row: number | null;
  archived: number;
  requeued_ms: number | null;
}

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
    firstSeenMs: row.first_seen_ms,
    lastPolledMs: row.last_polled_ms,
    batchId: row.batch_id,
    batchRow: row.batch_row,
    archived: row.archived === 1,
    requeuedMs: row.requeued_ms,
  };
}

export function payloadOf(row: Pick<JobRow, 'request_json' | 'record_json'>): JobPayload {
  return { request: parse(row.request_json), record: parse(row.record_json) };
}

export interface FinishedRow {
  project_id: string;
  job_type: string;
  created_at: string;
  finished_at: string;
  requeued_ms: number | null;
}

export function finishedTimesOf(row: FinishedRow): FinishedTimes {
  return {
    projectId: row.project_id,
    jobType: row.job_type,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    requeuedMs: row.requeued_ms,
  };
}
