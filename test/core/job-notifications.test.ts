// Notifications when jobs finish, on fake time: one per job when few finish together (a click opens it),
// one summary when many do, one per batch when its last job finishes, and the balance re-read coalesced.
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../electron/core/kernel/ports';
import { CreditsRefresher } from '../../electron/core/jobs/credits-refresher';
import { RateLimiter } from '../../electron/core/jobs/rate-limiter';
import { JobNotifications } from '../../electron/core/jobs/job-notifications';
import type { Job } from '../../electron/core/jobs/job';
import { FakeTime } from '../fixtures/fake-time';
import { finishedJob } from '../fixtures/finished-job';

function row(overrides: Partial<Job>): Job {
  return finishedJob('job-1', {
    uuid: 'u-1',
    accountId: 'acc',
    projectId: 'p',
    projectName: 'Spring promo',
    jobType: 'video',
    summary: 'Hello Oslo',
    creditUsed: 2,
    outputPath: null,
    createdAt: null,
    finishedAt: null,
    ...overrides,
  });
}

function setup(openInBatch: (batchId: string) => Promise<number> = async () => 0) {
  const time = new FakeTime();
  const shown: Notification[] = [];
  const notifications = new JobNotifications({
    notifier: { notify: (notification) => shown.push(notification), setBadgeCount: () => undefined },
    timers: time,
    openInBatch,
    batchCounts: async () => ({ succeeded: 48, failed: 2, name: 'Autumn mailing' }),
  });
  return { time, shown, notifications };
}

describe('notifications when jobs finish', () => {
  it('shows one per job when a few finish together, naming the job and, on failure, why', async () => {
    const { time, shown, notifications } = setup();
    notifications.finishedJob(row({ id: 'a' }));
    notifications.finishedJob(row({ id: 'b', status: 'FAILED', error: 'The photo is blurred.' }));
    expect(shown).toEqual([]);
    await time.advance(1000);
    expect(shown).toEqual([
      { title: 'Job finished', body: 'Spring promo: Hello Oslo', jobId: 'a' },
      { title: 'Job failed', body: 'Spring promo: Hello Oslo — The photo is blurred.', jobId: 'b' },
    ]);
  });

  it('shows one summary when many finish together', async () => {
    const { time, shown, notifications } = setup();
    for (let index = 0; index < 12; index += 1) {
      notifications.finishedJob(row({ id: `j${index}`, status: index < 3 ? 'FAILED' : 'SUCCESS' }));
    }
    await time.advance(1000);
    expect(shown).toEqual([{ title: '12 jobs finished', body: '9 succeeded, 3 failed.' }]);
  });

  it('shows one per batch, when its last job finishes', async () => {
    let open = 2;
    const { time, shown, notifications } = setup(async () => open);
    notifications.finishedJob(row({ id: 'x', batchId: 'batch-1' }));
    await time.advance(1000);
    expect(shown).toEqual([]);
    open = 0;
    notifications.finishedJob(row({ id: 'y', batchId: 'batch-1' }));
    notifications.finishedJob(row({ id: 'z', batchId: 'batch-1' }));
    await time.advance(1000);
    expect(shown).toEqual([{ title: 'Batch finished: Autumn mailing', body: '48 succeeded, 2 failed.' }]);
  });
});

describe('the balance after jobs finish', () => {
  it('is read once for a burst of finished jobs', async () => {
    const time = new FakeTime();
    const reads: string[] = [];
    const seen: number[] = [];
    const refresher = new CreditsRefresher({
      timers: time,
      clock: time,
      fetchCredits: async (accountId) => {
        reads.push(accountId);
        return 90;
      },
      onCredits: (_accountId, credits) => seen.push(credits),
    });
    for (let index = 0; index < 500; index += 1) refresher.schedule('acc');
    await time.advance(500);
    expect(reads).toEqual(['acc']);
    expect(seen).toEqual([90]);
    // Jobs keep finishing (a batch): the next read waits until 5 s after the last one, whatever comes meanwhile.
    refresher.schedule('acc');
    await time.advance(4999);
    refresher.schedule('acc');
    expect(reads).toEqual(['acc']);
    await time.advance(1);
    expect(reads).toEqual(['acc', 'acc']);
    // After a quiet spell, a finished job's balance is read half a second later again.
    await time.advance(10_000);
    refresher.schedule('acc');
    await time.advance(500);
    expect(reads).toEqual(['acc', 'acc', 'acc']);
  });

  it('waits its turn at the account’s gate: behind a batch’s creates, counted against the key', async () => {
    const time = new FakeTime();
    const gate = new RateLimiter(time, { initialPerSecond: 20, maxPerSecond: 20, slowStart: false });
    const reads: number[] = [];
    const refresher = new CreditsRefresher({
      timers: time,
      clock: time,
      gateOf: () => gate,
      fetchCredits: async () => {
        reads.push(time.now());
        return 90;
      },
      onCredits: () => undefined,
    });
    const start = time.now();
    // A batch sending: its creates took the gate's slots a moment ago, and the others' share is spent.
    await time.advance(1000);
    for (let index = 0; index < 3; index += 1) {
      expect(gate.tryAcquire('create')).toBe(true);
      await time.advance(50);
    }
    expect(gate.tryAcquire('other')).toBe(true);
    refresher.schedule('acc');
    await time.advance(500);
    expect(reads).toEqual([]);
    // Once the share allows (a second after the last other request), the balance is read, once.
    await time.advance(1000);
    expect(reads).toHaveLength(1);
    expect(reads[0]! - start).toBeGreaterThan(1500);
  });
});
