// Between the service's job record, the history's rows and the views the renderer gets.
import { isFinalStatus } from '../../shared/api/job-types';
import type { Job as ServiceJob } from '../../shared/api/schemas';
import type { JobDetail, JobView } from '../../shared/domain/job';
import type { Job, JobPayload, RecordColumns } from './job';

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

function creditOf(job: ServiceJob): number | null {
  const value = job.output?.credit_used ?? Number(job.credit_used);
  return Number.isFinite(value) ? value : null;
}

function failureOf(job: ServiceJob): string | null {
  if (job.job_status !== 'FAILED') return null;
  const reason = job.output?.['error'];
  return typeof reason === 'string' && reason.trim() ? reason : 'The service reported that the job failed.';
}

/** The columns a service record sets. A final job keeps the finish time it was first seen with. */
export function recordColumns(
  job: ServiceJob,
  nowMs: number,
  previous?: Pick<Job, 'finishedAt'>,
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
    finishedAt: final ? (previous?.finishedAt ?? job.updated_at ?? new Date(nowMs).toISOString()) : null,
    tracking: final ? 'final' : 'active',
  };
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function toView(job: Job, expectedAtMs: number | null): JobView {
  return {
    id: job.id,
    uuid: job.uuid,
    accountId: job.accountId,
    projectId: job.projectId,
    projectName: job.projectName,
    jobType: job.jobType,
    status: job.status,
    tracking: job.tracking,
    trackingNote: job.trackingNote,
    values: job.values,
    summary: job.summary,
    createdAt: job.createdAt ?? new Date(job.firstSeenMs).toISOString(),
    updatedAt: job.updatedAt,
    finishedAt: job.finishedAt,
    creditUsed: job.creditUsed,
    outputPath: job.outputPath,
    error: job.error,
    batchId: job.batchId,
    batchRow: job.batchRow,
    submittedBy: job.submittedBy,
    expectedAt: iso(expectedAtMs),
    archived: job.archived,
  };
}

export function toDetail(
  job: Job,
  payload: JobPayload,
  expectedAtMs: number | null,
  nextPollMs: number | null,
): JobDetail {
  return {
    ...toView(job, expectedAtMs),
    input: payload.request,
    record: payload.record,
    firstSeenAt: new Date(job.firstSeenMs).toISOString(),
    lastPolledAt: iso(job.lastPolledMs),
    nextPollAt: iso(nextPollMs),
  };
}

/** When the job's clock started, for its ETA and the scheduler: a requeue restarts it. */
export function startedAtMs(job: Pick<Job, 'createdAt' | 'firstSeenMs' | 'requeuedMs'>): number {
  if (job.requeuedMs !== null) return job.requeuedMs;
  const created = job.createdAt ? Date.parse(job.createdAt) : Number.NaN;
  return Number.isFinite(created) ? created : job.firstSeenMs;
}
