// Follows every open job of the history: one poll scheduler per account, whose answers are written to
// the history here (status, output, lost), with the consequences: the change feed, notifications when
// jobs finish, the balance re-read, and the durations learned for ETAs.
import type { Job as ServiceJob } from '../../shared/api/schemas';
import type { PollHealth } from '../../shared/domain/poll-health';
import { isApiError } from '../api';
import type { Clock } from '../kernel/ports';
import type { Holds } from '../kernel/ownership';
import { errorSentence } from '../kernel/error-words';
import { startedAtMs } from './job-mapper';
import type { JobLifecycle, JobReads } from './lifecycle';
import type { Job } from './job';
import type { DurationKey, PollListener, PollTarget } from './poll-types';

/** What the history needs of a scheduler (poll-scheduler.ts). */
export interface AccountScheduler {
  add(target: PollTarget): void;
  remove(id: string): void;
  pollNow(id?: string): void;
  nextPollAt(id: string): number | null;
  dispose(): void;
}

/** What the history needs of the learned durations (durations.ts). */
export interface DurationSource {
  load(samples: readonly { key: DurationKey; durationMs: number }[]): void;
  expectedRemainingMs(key: DurationKey, ageMs: number): number | null;
}

export interface JobPollingDeps {
  repo: JobReads;
  /** Where a poll's answer is written (the one writer of job state). */
  lifecycle: Pick<JobLifecycle, 'polled' | 'lost' | 'pollFailed'>;
  clock: Clock;
  durations: DurationSource;
  /** Whether this process polls the account; another process's accounts are followed by that process. */
  holds?: Holds;
  createScheduler(accountId: string, listener: PollListener): AccountScheduler;
  /** The account's polls stopped reaching the service, or reach it again (poll-health.ts). */
  healthChanged?(health: PollHealth): void;
  log?(line: string): void;
}

/** Failures that say the service cannot be reached (not this job's answer): an outage, a 5xx. */
function isOutage(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server';
}

interface HealthState {
  confirmedMs: number | null;
  failingSinceMs: number | null;
  reason: string | null;
}

/** Whether a (non-final) answer says anything the history does not have yet. */
function changedBy(row: Job, job: ServiceJob): boolean {
  return (
    row.status !== job.job_status ||
    row.updatedAt !== (job.updated_at ?? null) ||
    row.trackingNote !== null ||
    row.uuid !== job.uuid
  );
}

export function targetOf(row: Job): PollTarget | null {
  if (!row.uuid) return null;
  return {
    id: row.id,
    uuid: row.uuid,
    projectId: row.projectId,
    jobType: row.jobType,
    startedAtMs: startedAtMs(row),
  };
}

/** Final answers that predate a requeue are set aside this often at most, then believed. */
const STALE_FINAL_LIMIT = 3;

export class JobPolling {
  private readonly schedulers = new Map<string, AccountScheduler>();
  /** Jobs requeued lately, by id: how many final answers from before the requeue were set aside. */
  private readonly staleFinals = new Map<string, number>();
  /** Per account: when its polls were last answered, and since when they fail to reach the service. */
  private readonly healthByAccount = new Map<string, HealthState>();

  constructor(private readonly deps: JobPollingDeps) {}

  /** At start: learn durations from the history and resume every job that was being followed. */
  async start(): Promise<void> {
    const { repo } = this.deps;
    for (const accountId of await repo.accountIds()) {
      // Oldest first: the model keeps the latest of each project's durations.
      const samples = [...(await repo.finishedJobs(accountId))].reverse().flatMap((row) => {
        const durationMs = Date.parse(row.finishedAt) - (row.requeuedMs ?? Date.parse(row.createdAt));
        return Number.isFinite(durationMs) && durationMs >= 0
          ? [{ key: { projectId: row.projectId, jobType: row.jobType }, durationMs }]
          : [];
      });
      this.deps.durations.load(samples);
    }
    for (const row of await repo.withTracking('active')) this.follow(row);
  }

  follow(row: Job): void {
    if (row.tracking !== 'active' || row.archived) return;
    if (this.deps.holds?.({ account: row.accountId }) === false) return;
    const target = targetOf(row);
    if (target) this.scheduler(row.accountId).add(target);
  }

  unfollow(row: Pick<Job, 'id' | 'accountId'>): void {
    this.schedulers.get(row.accountId)?.remove(row.id);
  }

  pollNow(row: Pick<Job, 'id' | 'accountId'>): void {
    this.schedulers.get(row.accountId)?.pollNow(row.id);
  }

  /** When the job will be asked about next, or null (not followed, or a request is on its way). */
  nextPollAt(row: Pick<Job, 'id' | 'accountId'>): number | null {
    return this.schedulers.get(row.accountId)?.nextPollAt(row.id) ?? null;
  }

  /** Whether the account's statuses are confirmed by the service now, and when they last were. */
  health(accountId: string): PollHealth {
    const state = this.healthByAccount.get(accountId);
    const iso = (ms: number | null | undefined) =>
      ms === null || ms === undefined ? null : new Date(ms).toISOString();
    return {
      accountId,
      confirmedAt: iso(state?.confirmedMs),
      unreachableSince: iso(state?.failingSinceMs),
      reason: state?.failingSinceMs !== null && state?.failingSinceMs !== undefined ? state.reason : null,
    };
  }

  /** Asks about every open job of the account now ("Try now" while the service cannot be reached). */
  retryNow(accountId: string): void {
    this.schedulers.get(accountId)?.pollNow();
  }

  /** Stops following an account's jobs (it was removed). */
  stopAccount(accountId: string): void {
    this.schedulers.get(accountId)?.dispose();
    this.schedulers.delete(accountId);
    this.healthByAccount.delete(accountId);
  }

  /** When the job will likely finish, in ms, or null without data (or when it is not running). */
  expectedAt(row: Job): number | null {
    if (row.tracking !== 'active') return null;
    const now = this.deps.clock.now();
    const start = startedAtMs(row);
    const remaining = this.deps.durations.expectedRemainingMs(
      { projectId: row.projectId, jobType: row.jobType },
      Math.max(0, now - start),
    );
    return remaining === null ? null : now + remaining;
  }

  dispose(): void {
    for (const scheduler of this.schedulers.values()) scheduler.dispose();
    this.schedulers.clear();
  }

  private scheduler(accountId: string): AccountScheduler {
    let scheduler = this.schedulers.get(accountId);
    if (!scheduler) {
      scheduler = this.deps.createScheduler(accountId, this.listener(accountId));
      this.schedulers.set(accountId, scheduler);
    }
    return scheduler;
  }

  /**
   * After a requeue the service may still answer with the old final record for a moment (the spec does
   * not say what status a requeued job has): the same updated_at as before the requeue means it has not
   * picked the job up yet, so the answer is set aside (a few times at most) and the job asked about again.
   */
  private isStaleFinal(before: Job, job: ServiceJob): boolean {
    if (before.requeuedMs === null || before.status !== null) return false;
    if (job.updated_at === undefined || job.updated_at !== before.updatedAt) return false;
    const seen = (this.staleFinals.get(before.id) ?? 0) + 1;
    this.staleFinals.set(before.id, seen);
    if (seen > STALE_FINAL_LIMIT) {
      this.staleFinals.delete(before.id);
      return false;
    }
    return true;
  }

  /** An answer came (null) or a poll failed: the account's health moves, and is said when it flips. */
  private noteHealth(accountId: string, error: unknown): void {
    const now = this.deps.clock.now();
    const state = this.healthByAccount.get(accountId) ?? {
      confirmedMs: null,
      failingSinceMs: null,
      reason: null,
    };
    this.healthByAccount.set(accountId, state);
    if (error === null) {
      state.confirmedMs = now;
      if (state.failingSinceMs === null) return;
      state.failingSinceMs = null;
      state.reason = null;
    } else {
      if (!isOutage(error)) return;
      const reason = errorSentence(error);
      if (state.failingSinceMs !== null && state.reason === reason) return;
      state.failingSinceMs ??= now;
      state.reason = reason;
    }
    this.deps.healthChanged?.(this.health(accountId));
  }

  /** A listener's write that failed: said in the log; the job is asked about again at its next poll. */
  private logged(what: string, write: () => Promise<void>): Promise<void> {
    return write().catch((error: unknown) =>
      this.deps.log?.(`${what} could not be written to the history: ${(error as Error).message}`),
    );
  }

  private listener(accountId: string): PollListener {
    const { repo } = this.deps;
    return {
      onRecord: (target: PollTarget, job: ServiceJob, final: boolean) =>
        this.logged('a status', () =>
          this.onRecord(accountId, target, job, final).catch((error: unknown) => {
            // The scheduler let a final job go; one whose end was not written is asked about again.
            if (final && this.deps.holds?.({ account: accountId }) !== false)
              this.scheduler(accountId).add(target);
            throw error;
          }),
        ),
      onLost: (target: PollTarget, reason: string) =>
        this.logged('a lost job', async () => {
          this.noteHealth(accountId, null);
          const row = await repo.get(target.id);
          if (!row) return;
          await this.deps.lifecycle.lost(row, reason);
        }),
      onError: (target: PollTarget, error: unknown) =>
        this.logged('a failed status check', async () => {
          this.noteHealth(accountId, error);
          const row = await repo.get(target.id);
          const note = `Status not updated: ${errorSentence(error)}`;
          // The same failure again (an outage): nothing new to write or show.
          if (!row || row.trackingNote === note) return;
          await this.deps.lifecycle.pollFailed(row, note);
        }),
    };
  }

  private async onRecord(
    accountId: string,
    target: PollTarget,
    job: ServiceJob,
    final: boolean,
  ): Promise<void> {
    this.noteHealth(accountId, null);
    const before = await this.deps.repo.get(target.id);
    if (!before || before.tracking !== 'active') return; // removed or requeued meanwhile
    if (final && this.isStaleFinal(before, job)) {
      this.follow(before);
      return;
    }
    if (!final && !changedBy(before, job)) return; // nothing new: no write, no event
    // Written, said as a change, and (a final answer) as the job's end: see lifecycle.polled.
    await this.deps.lifecycle.polled(before, job);
  }
}
