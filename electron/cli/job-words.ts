// How a job is named and described to people: its short id, and where it stands in words (the service's
// status, or our own tracking state where that says more: waiting, sending, refused, unknown, lost).
import type { JobView } from '../shared/domain/job';
import type { JobRecord } from './records/job-records';
import { statusWordOf } from '../shared/domain/status-words';

export function statusWord(job: JobView): string {
  switch (job.tracking) {
    case 'pending':
      return 'Waiting to be sent';
    case 'submitting':
      return 'Sending…';
    case 'refused':
      return 'Refused';
    case 'unknown':
      return 'Outcome unknown';
    case 'lost':
      return 'Lost';
    default:
      return job.status ? statusWordOf(job.status) : 'Sending…';
  }
}

/** Nothing more will happen to the job by itself: finished, lost, refused, or its outcome unknown. */
export function isSettled(job: JobView): boolean {
  return (
    job.tracking === 'final' ||
    job.tracking === 'lost' ||
    job.tracking === 'refused' ||
    job.tracking === 'unknown' ||
    job.archived
  );
}

export function succeeded(job: JobView): boolean {
  return job.tracking === 'final' && job.status === 'SUCCESS';
}

/** The id people see: the service's, cut to 8 characters (any unique beginning is accepted back). */
export function shortId(job: Pick<JobView, 'id' | 'uuid'>): string {
  return (job.uuid ?? job.id).slice(0, 8);
}

/** A job for --json: the history's view as it is, plus the words people see. */
export function jobRecord(job: JobView): JobRecord {
  return { type: 'job', ...job, statusText: statusWord(job) };
}
