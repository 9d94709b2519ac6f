// The service's job_status in words, one table for every place that says it: the command line, the batch
// export and (with its tones) the Queue's badges.
import type { JobStatus } from '../api/job-types';

export const STATUS_WORDS: Readonly<Record<JobStatus, string>> = {
  QUEUED: 'Queued',
  STARTED: 'Started',
  IN_PROGRESS: 'In progress',
  SUCCESS: 'Succeeded',
  FAILED: 'Failed',
};

/** The word for a status the service sent; one this app does not know is said as it came. */
export function statusWordOf(status: string): string {
  return Object.hasOwn(STATUS_WORDS, status) ? STATUS_WORDS[status as JobStatus] : status;
}
