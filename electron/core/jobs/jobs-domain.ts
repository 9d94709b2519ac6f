// The jobs domain wired together: the history database, crash recovery of submissions, one poll
// scheduler per account, the batched change feed, notifications, the badge and the balance re-reads.
import { randomUUID } from 'node:crypto';
import type { JobsChanged } from '../../shared/domain/job';
import type { PollHealth } from '../../shared/domain/poll-health';
import type { Accounts } from '../accounts/accounts';
import type { Clock, Dialogs, Notifier, Power, Timers } from '../kernel/ports';
import { CreditsRefresher } from './credits-refresher';
import { DurationModel } from './durations';
import { JobChangeFeed } from './job-change-feed';
import { jobHandlers } from './job-handlers';
import { JobNotifications } from './job-notifications';
import { JobPolling } from './job-polling';
import type { Job } from './job';
import type { JobStore } from './job-store';
import { JobLifecycle, type JobReads } from './lifecycle';
import type { JobEventBus, JobEvents } from './job-events';
import { EventBus } from '../kernel/events';
import type { JobsContext } from './jobs-context';
import { toView } from './job-mapper';
import { PollScheduler } from './poll-scheduler';
import { RateLimiter } from './rate-limiter';
import { recoverInterruptedSubmissions } from './submitter';

export interface JobsDomainDeps {
  /** The job history (the app core opens its store and closes it after every domain is disposed). */
  jobs: JobStore;
  /** Why the history had to be started anew at launch, in words; null when it opened fine. */
  notice: string | null;
  accounts: Accounts;
  clock: Clock;
  timers: Timers;
  random: () => number;
  power: Power;
  notifier: Notifier;
  dialogs?: Dialogs;
  /** Requests in flight per account (default 16). */
  maxInFlight?: number;
  /** How often batched changes are sent to the renderer (default 200 ms). */
  flushMs?: number;
  emitChanged(payload: JobsChanged): void;
  emitCredits(accountId: string, credits: number): void;
  /** An account's polls stopped reaching the service, or reach it again. */
  emitPollHealth?(health: PollHealth): void;
  /** Whether this process does the history's background work now (history-lease.ts); yes by default. */
  isOwner?: () => boolean;
  /** The display name current now, recorded on every job this process submits or tracks. */
  submittedBy?: () => string | null;
  log?: (line: string) => void;
}

export interface JobsDomain {
  readonly handlers: ReturnType<typeof jobHandlers>;
  /** Why the history had to be started anew, in words; null when it opened fine. */
  readonly notice: string | null;
  /** The history's jobs, to read (every change goes through `context.lifecycle`). */
  readonly repo: JobReads;
  /** What the jobs' parts share, for the batches domain to send its rows the same way. */
  readonly context: JobsContext;
  /** Every change of a job (`job:changed`) and every followed job's end (`job:finished`). */
  readonly events: JobEventBus;
  /** The account's request gate, shared by its polling and its batch submissions. */
  limiterOf(accountId: string): RateLimiter;
  /** The account was removed: keep its history read-only, or delete it. */
  accountRemoved(accountId: string, deleteHistory: boolean): void;
  /** This process now does the background work: settle cut-off submissions, follow every open job. */
  ownerGained(): void;
  /** Another process wrote to the history: follow what it sent (owner), or show what it learned (guest). */
  otherWrites(): void;
  dispose(): Promise<void>;
}

export function openJobs(deps: JobsDomainDeps): JobsDomain {
  const { jobs: repo, notice } = deps;
  const { accounts, clock, timers } = deps;
  const events: JobEventBus = new EventBus<JobEvents>((error) =>
    deps.log?.(`a listener of job events failed: ${(error as Error).message}`),
  );
  const lifecycle = new JobLifecycle({ jobs: repo, clock, events });
  const durations = new DurationModel();

  const credits = new CreditsRefresher({
    timers,
    fetchCredits: async (accountId) => (await accounts.connections.get(accountId)).client.getCredits(),
    onCredits: deps.emitCredits,
  });
  const notifications = new JobNotifications({
    notifier: deps.notifier,
    timers,
    openInBatch: (batchId) => repo.openInBatch(batchId),
    batchCounts: (batchId) => repo.batchCounts(batchId),
  });

  const limiters = new Map<string, RateLimiter>();
  const limiterOf = (accountId: string): RateLimiter => {
    let limiter = limiters.get(accountId);
    if (!limiter) {
      limiter = new RateLimiter(clock);
      limiters.set(accountId, limiter);
    }
    return limiter;
  };
  const isOwner = deps.isOwner ?? (() => true);
  const polling = new JobPolling({
    repo,
    lifecycle,
    clock,
    durations,
    isOwner,
    createScheduler: (accountId, listener) =>
      new PollScheduler({
        clock,
        timers,
        random: deps.random,
        power: deps.power,
        durations,
        listener,
        maxInFlight: deps.maxInFlight,
        limiter: limiterOf(accountId),
        fetchJob: async (uuid, signal) =>
          (await accounts.connections.get(accountId)).client.getJob(uuid, { signal, retries: 0 }),
      }),
    healthChanged: (health) => deps.emitPollHealth?.(health),
  });
  const feed = new JobChangeFeed({
    timers,
    flushMs: deps.flushMs,
    activeAccountId: () => accounts.registry.activeId,
    view: (id) => {
      const row = repo.get(id);
      return row ? toView(row, polling.expectedAt(row)) : null;
    },
    emit: deps.emitChanged,
    afterFlush: () => deps.notifier.setBadgeCount(repo.countRunning()),
  });
  const context: JobsContext = {
    repo,
    lifecycle,
    accounts,
    polling,
    feed,
    clock,
    sessionId: randomUUID(),
    submittedBy: deps.submittedBy,
    log: deps.log,
  };
  events.on('job:changed', (job) => feed.changed(job.accountId, job.id));
  events.on('job:finished', (job) => {
    notifications.finishedJob(job);
    credits.schedule(job.accountId);
  });

  // A guest re-shows the open jobs whose state changed since its last look, and those that are no longer
  // open (their end): the owner's lease renewals alone wake it every few seconds, mostly for nothing.
  let openAtLastLook = new Map<string, { accountId: string; state: string }>();
  const stateOf = (row: Job) =>
    [row.status, row.tracking, row.trackingNote, row.uuid, row.updatedAt, row.outputPath].join('|');
  deps.notifier.setBadgeCount(repo.countRunning());

  return {
    handlers: jobHandlers(context, deps.dialogs, notice),
    notice,
    repo,
    context,
    events,
    limiterOf,
    accountRemoved(accountId, deleteHistory) {
      polling.stopAccount(accountId);
      limiters.delete(accountId);
      if (deleteHistory) lifecycle.removeAccount(accountId);
      else lifecycle.archiveAccount(accountId);
      deps.notifier.setBadgeCount(repo.countRunning());
    },
    ownerGained() {
      // Only the owner sets jobs aside or back: a guest does not know the owner's session accounts (the
      // command line's JRS_BASE_URL one), whose jobs the owner may be sending right now.
      // The list as it is on disk now: an account another process (the browser host, the command line)
      // added since this one started is no orphan, and its jobs are not archived.
      const whole = accounts.registry.isWhole();
      const known = accounts.registry.list().map((account) => account.id);
      // Before the recovery: a session account's submissions cut off by its last run are settled too.
      lifecycle.reviveAccounts(known);
      // Jobs of accounts no longer in the list (a session-only account, a crash between removing an
      // account and archiving its jobs) are kept read-only, not polled in vain and not hidden. Only when
      // the list was read whole: an account list that cannot be read (or was set aside as damaged this
      // run) only looks empty, and every job would be taken for an orphan.
      if (whole) {
        const orphans = lifecycle.archiveOrphans(known);
        if (orphans > 0)
          deps.log?.(`${orphans} job(s) of accounts no longer in the list were kept read-only`);
      } else deps.log?.('The account list could not be read whole: no job was set aside as an orphan.');
      // Only the owner settles `submitting` rows: a guest's would be another process's sends in flight.
      const interrupted = recoverInterruptedSubmissions(context);
      if (interrupted > 0)
        deps.log?.(`${interrupted} submission(s) were interrupted by the last exit: outcome unknown`);
      polling.start();
    },
    otherWrites() {
      if (isOwner()) {
        for (const row of repo.withTracking('active')) polling.follow(row);
      } else {
        const open = new Map<string, { accountId: string; state: string }>();
        for (const tracking of ['pending', 'submitting', 'active'] as const)
          for (const row of repo.withTracking(tracking))
            open.set(row.id, { accountId: row.accountId, state: stateOf(row) });
        for (const [id, now] of open)
          if (openAtLastLook.get(id)?.state !== now.state) feed.changed(now.accountId, id);
        for (const [id, before] of openAtLastLook) if (!open.has(id)) feed.changed(before.accountId, id);
        openAtLastLook = open;
      }
      deps.notifier.setBadgeCount(repo.countRunning());
    },
    async dispose() {
      polling.dispose();
      feed.dispose();
      notifications.dispose();
      credits.dispose();
    },
  };
}
