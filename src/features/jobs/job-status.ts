// The words and tone of a job's state. Two things are told apart, as DESIGN.md asks: the service's job_status
// (Queued, In progress, Succeeded…) and our own tracking of the job (sending it, outcome unknown, lost). The
// badge always carries a word and an icon, never colour alone.
import type { JobStatus } from '../../../electron/shared/api/job-types';
import { STATUS_WORDS } from '../../../electron/shared/domain/status-words';
import type { JobView, TrackingState } from '../../../electron/shared/domain/job';

export type StatusTone = 'waiting' | 'running' | 'success' | 'failure' | 'unknown' | 'attention';

/** The words are the one table jrs and the exports use too; the tone is the badge's. */
const STATUS: Record<JobStatus, { label: string; tone: StatusTone }> = {
  QUEUED: { label: STATUS_WORDS.QUEUED, tone: 'waiting' },
  STARTED: { label: STATUS_WORDS.STARTED, tone: 'running' },
  IN_PROGRESS: { label: STATUS_WORDS.IN_PROGRESS, tone: 'running' },
  SUCCESS: { label: STATUS_WORDS.SUCCESS, tone: 'success' },
  FAILED: { label: STATUS_WORDS.FAILED, tone: 'failure' },
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

/** Our tracking state in words, for the badge's hover text and the detail pane. */
export const TRACKING_WORDS: Record<TrackingState, string> = {
  pending: 'Waiting for its turn in its batch',
  refused: 'Not sent: the service refused it, and nothing was created',
  submitting: 'Sending it to the service',
  unknown: 'Outcome unknown: it may or may not have been created',
  active: 'Following it until it finishes',
  final: 'Finished',
  lost: 'Lost: the service no longer knows it',
};

/**
 * One key per state a person tells apart (for the badge, the status filter and sorting): our tracking state
 * where it says more than the service can (sending, outcome unknown, lost), the service's status otherwise.
 */
export type StateKey =
  'pending' | 'refused' | 'submitting' | 'unknown' | 'lost' | 'waiting' | JobStatus | (string & {});

const TRACKING_KEYS: ReadonlySet<string> = new Set(['pending', 'refused', 'submitting', 'unknown', 'lost']);

export function stateKeyOf(job: Pick<JobView, 'status' | 'tracking'>): StateKey {
  if (TRACKING_KEYS.has(job.tracking)) {
    return job.tracking;
  }
  return job.status ?? 'waiting';
}

export interface JobStateWords {
  key: StateKey;
  /** The main word on the badge. */
  label: string;
  /** What else is known, e.g. the last status the service gave a lost job. */
  detail: string | null;
  tone: StatusTone;
  icon: string;
  /** Both states in words, for a title on hover. */
  description: string;
}

const ICONS: Record<StatusTone, string> = {
  waiting: '○',
  running: '◐',
  success: '✓',
  failure: '✕',
  unknown: '?',
  attention: '!',
};

export function jobStateWords(job: Pick<JobView, 'status' | 'tracking'>): JobStateWords {
  const key = stateKeyOf(job);
  const service = job.status ? `Service: ${statusLabel(job.status)}` : 'Service: no status yet';
  const description = `${service}. App: ${TRACKING_WORDS[job.tracking]}.`;
  const lastStatus = job.status ? `last ${statusLabel(job.status).toLowerCase()}` : null;
  switch (key) {
    case 'pending':
      return { key, label: 'Not sent yet', detail: null, tone: 'waiting', icon: ICONS.waiting, description };
    case 'refused':
      return { key, label: 'Refused', detail: null, tone: 'failure', icon: ICONS.failure, description };
    case 'submitting':
      return { key, label: 'Sending…', detail: null, tone: 'running', icon: ICONS.running, description };
    case 'unknown':
      return {
        key,
        label: 'Outcome unknown',
        detail: null,
        tone: 'attention',
        icon: ICONS.attention,
        description,
      };
    case 'lost':
      return { key, label: 'Lost', detail: lastStatus, tone: 'unknown', icon: '⊘', description };
    case 'waiting':
      return { key, label: 'Submitted', detail: null, tone: 'waiting', icon: ICONS.waiting, description };
    default: {
      const tone = statusTone(key);
      return { key, label: statusLabel(key), detail: null, tone, icon: ICONS[tone], description };
    }
  }
}

/** The options of the status filter, in the order a person thinks of them. */
export const STATUS_FILTERS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'running', label: 'Running (not finished)' },
  ...(['QUEUED', 'STARTED', 'IN_PROGRESS', 'SUCCESS', 'FAILED'] as const).map((status) => ({
    value: status,
    label: STATUS_WORDS[status],
  })),
  { value: 'pending', label: 'Not sent yet' },
  { value: 'submitting', label: 'Sending…' },
  { value: 'refused', label: 'Refused' },
  { value: 'unknown', label: 'Outcome unknown' },
  { value: 'lost', label: 'Lost' },
];

/** The app is still working on the job (sending it, or following it until it finishes). */
export function isRunning(job: Pick<JobView, 'tracking'>): boolean {
  return job.tracking === 'pending' || job.tracking === 'submitting' || job.tracking === 'active';
}

/** The status filter: one state key, or "running" for every job not finished yet. */
export function matchesStatusFilter(job: Pick<JobView, 'status' | 'tracking'>, filter: string): boolean {
  if (filter === '') return true;
  if (filter === 'running') return isRunning(job);
  return stateKeyOf(job) === filter;
}

const RANK: Record<string, number> = {
  submitting: 0,
  unknown: 1,
  refused: 2,
  pending: 3,
  waiting: 4,
  QUEUED: 5,
  STARTED: 6,
  IN_PROGRESS: 7,
  lost: 8,
  FAILED: 9,
  SUCCESS: 10,
};

/** Sort order of states: those needing attention or still moving first, finished last. */
export function stateRank(key: StateKey): number {
  return RANK[key] ?? 11;
}
