// The adaptive PollScheduler on real time for the benchmark: jobs go in as they are created, and each
// final record is turned into a detection-lag outcome the moment the listener hears it.
import type { ApiClient } from '../../../electron/core/api';
import { systemClock, systemTimers } from '../../../electron/core/kernel/ports';
import type { DurationModel } from '../../../electron/core/jobs/durations';
import { PollScheduler } from '../../../electron/core/jobs/poll-scheduler';
import type { PollTarget } from '../../../electron/core/jobs/poll-types';
import type { Outcome } from './outcomes';
import { outcomeOf } from './outcomes';

/** Where real time adds to a poll's lag: how late each request left against its plan, and its round trip. */
export interface PollTiming {
  /** Sent minus planned (ms), per request whose plan was known. */
  readonly sendLateMs: number[];
  /** From the request to its answer (ms). */
  readonly roundTripMs: number[];
  /** Finished jobs seen late (> 0.8 of the allowance), and of those, the ones first asked after their end. */
  late: number;
  lateAtFirstPoll: number;
}

export class AdaptivePoller {
  readonly scheduler: PollScheduler;
  readonly outcomes: Outcome[] = [];
  readonly timing: PollTiming = { sendLateMs: [], roundTripMs: [], late: 0, lateAtFirstPoll: 0 };
  /** Per job: when its next poll is planned, and how many were sent. */
  private readonly planned = new Map<string, number>();
  private readonly sent = new Map<string, number>();
  finished = 0;
  lost = 0;
  private expected = Infinity;
  private waiters: (() => void)[] = [];

  constructor(client: ApiClient, durations: DurationModel) {
    this.scheduler = new PollScheduler({
      clock: systemClock,
      timers: systemTimers,
      durations,
      fetchJob: async (uuid, signal) => {
        const sentAt = Date.now();
        const plan = this.planned.get(uuid);
        if (plan !== undefined) this.timing.sendLateMs.push(sentAt - plan);
        this.sent.set(uuid, (this.sent.get(uuid) ?? 0) + 1);
        try {
          return await client.getJob(uuid, { signal, retries: 0 });
        } finally {
          this.timing.roundTripMs.push(Date.now() - sentAt);
        }
      },
      listener: {
        onRecord: (target, job, final) => {
          if (!final) {
            this.notePlan(target);
            return;
          }
          const outcome = outcomeOf(job, Date.now());
          if (outcome) this.outcomes.push(outcome);
          if (outcome && outcome.lagMs > 0.8 * Math.max(1000, 0.1 * outcome.durationMs)) {
            this.timing.late += 1;
            if (this.sent.get(target.uuid) === 1) this.timing.lateAtFirstPoll += 1;
          }
          this.planned.delete(target.uuid);
          this.sent.delete(target.uuid);
          this.finished += 1;
          this.check();
        },
        onLost: () => {
          this.lost += 1;
          this.check();
        },
        onError: (target) => this.notePlan(target),
      },
    });
  }

  add(target: PollTarget): void {
    this.scheduler.add(target);
    this.notePlan(target);
  }

  private notePlan(target: PollTarget): void {
    const at = this.scheduler.nextPollAt(target.id);
    if (at === null) this.planned.delete(target.uuid);
    else this.planned.set(target.uuid, at);
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
