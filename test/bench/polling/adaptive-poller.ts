// The adaptive PollScheduler on real time for the benchmark: jobs go in as they are created, and each
// final record is turned into a detection-lag outcome the moment the listener hears it.
import type { ApiClient } from '../../../electron/core/api';
import { systemClock, systemTimers } from '../../../electron/core/kernel/ports';
import type { DurationModel } from '../../../electron/core/jobs/durations';
import { PollScheduler } from '../../../electron/core/jobs/poll-scheduler';
import type { PollTarget } from '../../../electron/core/jobs/poll-types';
import type { Outcome } from './outcomes';
import { outcomeOf } from './outcomes';

export class AdaptivePoller {
  readonly scheduler: PollScheduler;
  readonly outcomes: Outcome[] = [];
  finished = 0;
  lost = 0;
  private expected = Infinity;
  private waiters: (() => void)[] = [];

  constructor(client: ApiClient, durations: DurationModel) {
    this.scheduler = new PollScheduler({
      clock: systemClock,
      timers: systemTimers,
      durations,
      fetchJob: (uuid, signal) => client.getJob(uuid, { signal, retries: 0 }),
      listener: {
        onRecord: (_target, job, final) => {
          if (!final) return;
          const outcome = outcomeOf(job, Date.now());
          if (outcome) this.outcomes.push(outcome);
          this.finished += 1;
          this.check();
        },
        onLost: () => {
          this.lost += 1;
          this.check();
        },
        onError: () => undefined,
      },
    });
  }

  add(target: PollTarget): void {
    this.scheduler.add(target);
  }

  /** Resolves once `count` jobs have ended (final or lost), or at the deadline. */
  async waitFor(count: number, deadline: number): Promise<void> {
    this.expected = count;
    if (this.finished + this.lost >= count) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((done) => this.waiters.push(done)),
      new Promise<void>((done) => (timer = setTimeout(done, Math.max(0, deadline - Date.now())))),
    ]);
    clearTimeout(timer);
  }

  dispose(): void {
    this.scheduler.dispose();
  }

  private check(): void {
    if (this.finished + this.lost < this.expected) return;
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
