// The words and the tone of each job status: the badge always carries text, never colour alone.
import type { JobStatus } from '../../../electron/shared/api/job-types';

export type StatusTone = 'waiting' | 'running' | 'success' | 'failure' | 'unknown';

const STATUS: Record<JobStatus, { label: string; tone: StatusTone }> = {
  QUEUED: { label: 'Queued', tone: 'waiting' },
  STARTED: { label: 'Started', tone: 'running' },
  IN_PROGRESS: { label: 'In progress', tone: 'running' },
  SUCCESS: { label: 'Success', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'failure' },
};

function known(status: string): status is JobStatus {
  return Object.hasOwn(STATUS, status);
}

export function statusLabel(status: string): string {
  return known(status) ? STATUS[status].label : status || 'Unknown';
}

export function statusTone(status: string): StatusTone {
  return known(status) ? STATUS[status].tone : 'unknown';
}
