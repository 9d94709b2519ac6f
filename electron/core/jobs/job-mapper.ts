// Between the service's job record, the history's rows and the views the renderer gets.
import { isFinalStatus } from '../../shared/api/job-types';
import type { Job } from '../../shared/api/schemas';
import type { JobDetail, JobView, TrackingState } from '../../shared/domain/job';
import type { RecordColumns } from './job-repository';
import type { JobRow } from './job-row';

const SUMMARY_LIMIT = 160;

/** The text values, joined: what tells 150 jobs of one project apart in a list. */
export function summarize(values: Record<string, unknown>): string {
  const texts = Object.values(values)
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const joined = texts.join(' · ');
  return joined.length > SUMMARY_LIMIT ? `${joined.slice(0, SUMMARY_LIMIT - 1)}…` : joined;
}

function creditOf(job: Job): number | null {
  const value = job.output?.credit_used ?? Number(job.credit_used);
  return Number.isFinite(value) ? value : null;
}

function failureOf(job: Job): string | null {
  if (job.job_status !== 'FAILED') return null;
  const reason = job.output?.['error'];
  return typeof reason === 'string' && reason.trim() ? reason : 'The service reported that the job failed.';
}

/** The columns a service record sets. A final job keeps the finish time it was first seen with. */
export function recordColumns(
  job: Job,
  nowMs: number,
  previous?: Pick<JobRow, 'finished_at'>,
): RecordColumns {
  const final = isFinalStatus(job.job_status);
  return {
    uuid: job.uuid,
    status: job.job_status,
    record: job,
    creditUsed: final ? creditOf(job) : null,
    outputPath: job.output?.output ?? null,
    error: failureOf(job),
    createdAt: job.created_at ?? null,
    updatedAt: job.updated_at ?? null,
    finishedAt: final ? (previous?.finished_at ?? job.updated_at ?? new Date(nowMs).toISOString()) : null,
    tracking: final ? 'final' : 'active',
  };
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A row's values as submitted (an empty record where the stored JSON is not one). */
export function valuesOf(row: JobRow): Record<string, unknown> {
  const values = parse(row.values_json);
  return values && typeof values === 'object' && !Array.isArray(values)
    ? (values as Record<string, unknown>)
    : {};
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function toView(row: JobRow, expectedAtMs: number | null): JobView {
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
    values: valuesOf(row),
    summary: row.summary,
    createdAt: row.created_at ?? new Date(row.first_seen_ms).toISOString(),
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    creditUsed: row.credit_used,
    outputPath: row.output_path,
    error: row.error,
    batchId: row.batch_id,
    batchRow: row.batch_row,
    expectedAt: iso(expectedAtMs),
    archived: row.archived === 1,
  };
}

export function toDetail(row: JobRow, expectedAtMs: number | null, nextPollMs: number | null): JobDetail {
  return {
    ...toView(row, expectedAtMs),
    input: parse(row.request_json),
    record: parse(row.record_json),
    firstSeenAt: new Date(row.first_seen_ms).toISOString(),
    lastPolledAt: iso(row.last_polled_ms),
    nextPollAt: iso(nextPollMs),
  };
}

/** When the job's clock started, for its ETA and the scheduler: a requeue restarts it. */
export function startedAtMs(row: Pick<JobRow, 'created_at' | 'first_seen_ms' | 'requeued_ms'>): number {
  if (row.requeued_ms !== null) return row.requeued_ms;
  const created = row.created_at ? Date.parse(row.created_at) : Number.NaN;
  return Number.isFinite(created) ? created : row.first_seen_ms;
}
