// What the contract cases write into a store: submissions, service records, batches, and a job put into any
// tracking state through the store's own writers (never SQL), so the same cases run on every store.
import type { NewBatchRecord } from '../../../electron/core/batches/batch';
import type { Job, NewSubmission, RecordColumns } from '../../../electron/core/jobs/job';
import type { TrackingState } from '../../../electron/shared/domain/job';
import type { AnyStores } from './awaitable';

export const T0 = 1_795_000_000_000;

/** Values of every JSON kind, nested, with text a careless store would mangle. */
export const VALUES = {
  headline: 'Été à Lisboa — 50% off_now 🎬',
  photo: { image_url: 'https://cdn.example.com/a.png?x=1&y=%20' },
  music: { audio_url: 'https://cdn.example.com/a.mp3', effects: [] },
  scenes: [1, 0.1, -2.5e-7, 9_007_199_254_740_991, true, false, null, '', ['nested', { deep: 'yes' }]],
  empty: {},
  quote: 'She said "hi"\n\ttab\\slash',
};

export function submission(id: string, over: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id,
    accountId: 'acc-1',
    projectId: 'p-1',
    projectName: 'Spring launch',
    jobType: 'video',
    request: { project_id: 'p-1', input: VALUES, client_request_id: id, session_id: 's-1' },
    values: VALUES,
    summary: 'Été à Lisboa',
    source: 'form',
    nowMs: T0,
    submittedBy: 'Grace on desk-2',
    ...over,
  };
}

/** What a submission reads back as, before the service answers. */
export function jobOf(sub: NewSubmission, tracking: TrackingState): Job {
  return {
    id: sub.id,
    uuid: null,
    accountId: sub.accountId,
    projectId: sub.projectId,
    projectName: sub.projectName,
    jobType: sub.jobType,
    status: null,
    tracking,
    trackingNote: null,
    source: sub.source,
    values: sub.values,
    summary: sub.summary,
    creditUsed: null,
    outputPath: null,
    error: null,
    createdAt: null,
    updatedAt: null,
    finishedAt: null,
    firstSeenMs: sub.nowMs,
    lastPolledMs: null,
    batchId: sub.batchId ?? null,
    batchRow: sub.batchRow ?? null,
    archived: false,
    requeuedMs: null,
    submittedBy: sub.submittedBy ?? null,
  };
}

/** A service record of a job still running. */
export function running(uuid: string, over: Partial<RecordColumns> = {}): RecordColumns {
  return {
    uuid,
    status: 'PROCESSING',
    record: { uuid, status: 'PROCESSING', progress: 0.5 },
    creditUsed: null,
    outputPath: null,
    error: null,
    createdAt: '2026-11-26T08:00:00.000Z',
    updatedAt: '2026-11-26T08:00:05.000Z',
    finishedAt: null,
    tracking: 'active',
    ...over,
  };
}

/** A service record of a job that ended well. */
export function succeeded(uuid: string, over: Partial<RecordColumns> = {}): RecordColumns {
  return running(uuid, {
    status: 'SUCCESS',
    record: { uuid, status: 'SUCCESS', output: `https://cdn.example.com/${uuid}.mp4` },
    creditUsed: 5,
    outputPath: `https://cdn.example.com/${uuid}.mp4`,
    updatedAt: '2026-11-26T08:01:00.000Z',
    finishedAt: '2026-11-26T08:01:00.000Z',
    tracking: 'final',
    ...over,
  });
}

export function failed(uuid: string, over: Partial<RecordColumns> = {}): RecordColumns {
  return succeeded(uuid, {
    status: 'FAILED',
    record: { uuid, status: 'FAILED' },
    creditUsed: null,
    outputPath: null,
    error: 'The render failed.',
    ...over,
  });
}

/**
 * A job put into `tracking` the way the core gets it there: pending rows are born pending; active and
 * final ones are answered by the service (`record` says how); the others are set.
 */
export async function jobIn(
  stores: AnyStores,
  tracking: TrackingState,
  id: string,
  over: Partial<NewSubmission> = {},
  record?: RecordColumns,
): Promise<void> {
  await stores.jobs.insertSubmission(submission(id, over), tracking === 'pending' ? 'pending' : 'submitting');
  if (tracking === 'active' || tracking === 'final') {
    const columns = record ?? (tracking === 'final' ? succeeded(`u-${id}`) : running(`u-${id}`));
    await stores.jobs.applyRecord(id, { ...columns, tracking }, T0 + 1_000);
  } else if (tracking !== 'pending' && tracking !== 'submitting') {
    await stores.jobs.setTracking(id, tracking, `note of ${id}`);
  }
}

export function batch(id: string, rows: number, over: Partial<NewBatchRecord> = {}): NewBatchRecord {
  const accountId = over.accountId ?? 'acc-1';
  return {
    id,
    accountId,
    projectId: 'p-1',
    projectName: 'Spring launch',
    jobType: 'video',
    name: `Sheet ${id}`,
    sessionId: `session-${id}`,
    nameTemplate: '{batch}/{row.Name}.{ext}',
    sheet: {
      columns: ['Name', 'Headline'],
      rows: Array.from({ length: rows }, (_, i) => [`row ${i}`, `Headline ${i} — ü`]),
      lines: Array.from({ length: rows }, (_, i) => i + 3),
    },
    nowMs: T0,
    jobs: Array.from({ length: rows }, (_, i) =>
      submission(`${id}-r${i}`, {
        accountId,
        source: 'batch',
        batchId: id,
        batchRow: i,
        values: { Headline: `Headline ${i} — ü` },
        summary: `Headline ${i}`,
      }),
    ),
    ...over,
  };
}

/** The ids of `jobs`, sorted: for reads whose order the port does not promise. */
export const idsOf = (jobs: readonly { id: string }[]): string[] => jobs.map((job) => job.id).sort();

/** Runs a write that must fail, whether the store throws at once or rejects. */
export async function failure(write: () => unknown): Promise<unknown> {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error('the write was expected to fail, and it succeeded');
}
