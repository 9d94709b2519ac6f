// A batch's counts and time left from its jobs: each tracking state counted once, files saved counted from
// the downloads, the time left from the running jobs' expected ends and the pace rows are being sent at,
// unknown without enough to go on; 10,000 jobs in one pass.
import { describe, expect, it } from 'vitest';
import type { DownloadView } from '../../electron/shared/domain/download';
import type { JobView } from '../../electron/shared/domain/job';
import { batchProgress, jobsOfBatch } from '../../src/features/batches/batch-progress';

const T0 = Date.parse('2026-11-24T10:00:00Z');
let serial = 0;
function job(overrides: Partial<JobView>): JobView {
  serial += 1;
  return {
    id: `j${serial}`,
    uuid: null,
    accountId: 'a',
    projectId: 'p',
    projectName: 'P',
    jobType: 'image',
    status: null,
    tracking: 'active',
    trackingNote: null,
    values: {},
    summary: '',
    createdAt: new Date(T0).toISOString(),
    updatedAt: null,
    finishedAt: null,
    creditUsed: null,
    outputPath: null,
    error: null,
    batchId: 'b',
    batchRow: serial,
    expectedAt: null,
    archived: false,
    submittedBy: null,
    ...overrides,
  };
}
const saved = (jobId: string) => ({ jobId, state: 'done' }) as DownloadView;

describe('batchProgress', () => {
  it('counts every state once, and the files saved', () => {
    const jobs = [
      job({ tracking: 'pending' }),
      job({ tracking: 'submitting' }),
      job({ tracking: 'refused' }),
      job({ tracking: 'unknown' }),
      job({ tracking: 'lost', status: 'QUEUED' }),
      job({ tracking: 'final', status: 'SUCCESS', id: 'won' }),
      job({ tracking: 'final', status: 'FAILED' }),
      job({ tracking: 'active', status: 'IN_PROGRESS' }),
    ];
    const progress = batchProgress(jobs, { won: saved('won') }, T0);
    expect(progress).toMatchObject({
      total: 8,
      pending: 1,
      sending: 1,
      refused: 1,
      unknown: 1,
      lost: 1,
      succeeded: 1,
      failed: 1,
      running: 1,
      downloaded: 1,
      finished: false,
    });
  });

  it('is finished when nothing waits, is sent or runs; the time left then is none', () => {
    const progress = batchProgress([job({ tracking: 'final', status: 'SUCCESS' })], {}, T0);
    expect(progress).toMatchObject({ finished: true, etaMs: null });
    // Before any of its jobs is known, a batch is not finished.
    expect(batchProgress([], {}, T0).finished).toBe(false);
  });

  it('takes the time left from the running jobs, and from the pace of sending while rows wait', () => {
    const running = [
      job({ status: 'QUEUED', expectedAt: new Date(T0 + 60_000).toISOString() }),
      job({ status: 'QUEUED', expectedAt: new Date(T0 + 90_000).toISOString() }),
    ];
    expect(batchProgress(running, {}, T0).etaMs).toBe(T0 + 90_000);
    // Three sent over 20 s (10 s each), 30 waiting: about 300 s more.
    const sending = [
      job({ status: 'QUEUED', createdAt: new Date(T0 - 20_000).toISOString() }),
      job({ status: 'QUEUED', createdAt: new Date(T0 - 10_000).toISOString() }),
      job({ status: 'QUEUED', createdAt: new Date(T0).toISOString() }),
      ...Array.from({ length: 30 }, () => job({ tracking: 'pending' })),
    ];
    expect(batchProgress(sending, {}, T0).etaMs).toBe(T0 + 300_000);
    // One sent: no pace yet.
    expect(batchProgress([job({ status: 'QUEUED' }), job({ tracking: 'pending' })], {}, T0).etaMs).toBeNull();
  });

  it('finds a batch’s jobs among 10,000, in row order', () => {
    const byId: Record<string, JobView> = {};
    for (let i = 0; i < 10_000; i++) {
      const made = job({ batchId: i % 2 ? 'b' : 'other', batchRow: 10_000 - i });
      byId[made.id] = made;
    }
    const jobs = jobsOfBatch(byId, 'b');
    expect(jobs).toHaveLength(5_000);
    expect(jobs[0]!.batchRow).toBeLessThan(jobs[1]!.batchRow!);
    expect(batchProgress(jobs, {}, T0).running).toBe(5_000);
  });
});
