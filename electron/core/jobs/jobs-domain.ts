// The jobs domain wired together: the history database, crash recovery of submissions, one poll
// scheduler per account, the batched change feed, notifications, the badge and the balance re-reads.
import { randomUUID } from 'node:crypto';
import { isApiError } from '../api';
import type { JobsChanged } from '../../shared/domain/job';
import type { PollHealth } from '../../shared/domain/poll-health';
import type { Accounts } from '../accounts/accounts';
import type { Clock, Dialogs, Notifier, Power, Timers } from '../kernel/ports';
import { holdsAll, type Holds } from '../kernel/ownership';
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
import { KeyLimitMemory } from './key-limit';
import { RateLimiter } from './rate-limiter';
import type { SettingsStore } from '../kernel/settings-store';
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
  /** Which background work this process does now (kernel/ownership.ts); all of it by default. */
  holds?: Holds;
  /** When the history may come back within seconds (a team's database): how long to wait between tries. */
  recordRetryDelaysMs?: readonly number[];
  /**
   * Where each account's learned request limit is kept between runs (key-limit.ts); none: learned anew
   * each run.
   */
  settings?: SettingsStore;
  /** The display name current now, recorded on every job this process submits or tracks. */
  submittedBy?: () => Promise<string | null>;
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
  /**
   * The account left this computer's list. Its jobs are deleted or archived, but in a team's history
   * (`shared`) they are the team's: left as they are (another client polls them).
   */
  accountRemoved(accountId: string, deleteHistory: boolean, shared?: boolean): Promise<void>;
  /** This process now does the background work: settle cut-off submissions, follow every open job. */
  /**
   * This process took on background work. `accountsAreAll`: this computer's account list names every
   * account of the history (one person's), so jobs of others are orphans; a team's history holds
   * colleagues' accounts too.
   */
  ownerGained(options?: { accountsAreAll: boolean }): Promise<void>;
  /** A colleague's client (or another process) wrote this job: shown anew, and followed if it is ours to poll. */
  changedElsewhere(accountId: string, id: string): Promise<void>;
  /** The account's polling went to another client (its lease was lost): this one stops asking. */
  stopPolling(accountId: string): void;
  /** Another process wrote to the history: follow what it sent (owner), or show what it learned (guest). */
  otherWrites(): Promise<void>;
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
    clock,
    fetchCredits: async (accountId) => {
      const sentAt = clock.now();
      try {
        // Once: a 429 is the gate's to wait out (the read goes again when the gate allows), not the client's.
        return await (await accounts.connections.get(accountId)).client.getCredits({ retries: 0 });
      } catch (error) {
        if (isApiError(error) && error.kind === 'rate-limited')
          limiterOf(accountId).onRateLimited(sentAt, error.retryAfterMs);
        throw error;
      }
    },
    onCredits: deps.emitCredits,
    // Declared below: a read fires at least half a second after the domain is open.
    gateOf: (accountId) => limiterOf(accountId),
  });
  const notifications = new JobNotifications({
    notifier: deps.notifier,
    timers,
    openInBatch: (batchId) => repo.openInBatch(batchId),
    batchCounts: (batchId) => repo.batchCounts(batchId),
    log: deps.log,
  });

  const limiters = new Map<string, RateLimiter>();
  const keyLimits = deps.settings ? new KeyLimitMemory(deps.settings, deps.log) : null;
  const limiterOf = (accountId: string): RateLimiter => {
    let limiter = limiters.get(accountId);
    if (!limiter) {
      const created = new RateLimiter(clock, {
        onLimitLearned: (perSecond) => keyLimits?.remember(accountId, perSecond),
      });
      // The limit learned on an earlier run, as soon as it is read (a moment: the gate starts meanwhile).
      void keyLimits?.recall(accountId).then((known) => known !== null && created.learn(known));
      limiter = created;
      limiters.set(accountId, limiter);
    }
    return limiter;
  };
  const holds = deps.holds ?? holdsAll;
  const polling = new JobPolling({
    repo,
    lifecycle,
    clock,
    durations,
    holds,
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
    log: deps.log,
  });
  // The badge shows the jobs being sent or followed; a failed count is logged and shown at the next change.
  const showRunningCount = async () => {
    try {
      deps.notifier.setBadgeCount(await repo.countRunning());
    } catch (error) {
      deps.log?.(`the running jobs could not be counted: ${(error as Error).message}`);
    }
  };
  const feed = new JobChangeFeed({
    timers,
    flushMs: deps.flushMs,
    activeAccountId: () => accounts.registry.activeId,
    views: async (ids) =>
      new Map((await repo.getMany(ids)).map((row) => [row.id, toView(row, polling.expectedAt(row))])),
    emit: deps.emitChanged,
    afterFlush: showRunningCount,
    log: deps.log,
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
    recordRetries: deps.recordRetryDelaysMs ? { timers, delaysMs: deps.recordRetryDelaysMs } : undefined,
  };
  events.on('job:changed', (job) => feed.changed(job.accountId, job.id));
  events.on('job:finished', (job) => {
    notifications.finishedJob(job);
    credits.schedule(job.accountId);
  });

  // Another process's writes: the accounts this process polls have their active jobs followed (one sent by
  // another process is new here); for the others, this process re-shows the open jobs whose state changed
  // since its last look, and those that are no longer open (their end): the owner's lease renewals alone
  // wake it every few seconds, mostly for nothing.
  let openAtLastLook = new Map<string, { accountId: string; state: string }>();
  const stateOf = (row: Job) =>
    [row.status, row.tracking, row.trackingNote, row.uuid, row.updatedAt, row.outputPath].join('|');
  const lookAtOtherWrites = async () => {
    const open = new Map<string, { accountId: string; state: string }>();
    for (const tracking of ['pending', 'submitting', 'active'] as const)
      for (const row of await repo.withTracking(tracking)) {
        if (!holds({ account: row.accountId }))
          open.set(row.id, { accountId: row.accountId, state: stateOf(row) });
        else if (tracking === 'active') polling.follow(row);
      }
    for (const [id, now] of open)
      if (openAtLastLook.get(id)?.state !== now.state) feed.changed(now.accountId, id);
    for (const [id, before] of openAtLastLook) if (!open.has(id)) feed.changed(before.accountId, id);
    openAtLastLook = open;
    await showRunningCount();
  };
  // Only the owner sets jobs aside or back: a guest does not know the owner's session accounts (the
  // command line's JRS_BASE_URL one), whose jobs the owner may be sending right now.
  const setOrphansAside = async () => {
    // The list as it is on disk now: an account another process (the browser host, the command line)
    // added since this one started is no orphan, and its jobs are not archived.
    const whole = accounts.registry.isWhole();
    const known = accounts.registry.list().map((account) => account.id);
    // Before the recovery: a session account's submissions cut off by its last run are settled too.
    await lifecycle.reviveAccounts(known);
    // Jobs of accounts no longer in the list (a session-only account, a crash between removing an
    // account and archiving its jobs) are kept read-only, not polled in vain and not hidden. Only when
    // the list was read whole: an account list that cannot be read (or was set aside as damaged this
    // run) only looks empty, and every job would be taken for an orphan.
    if (whole) {
      const orphans = await lifecycle.archiveOrphans(known);
      if (orphans > 0) deps.log?.(`${orphans} job(s) of accounts no longer in the list were kept read-only`);
    } else deps.log?.('The account list could not be read whole: no job was set aside as an orphan.');
  };
  // Jobs another client polls that were seen open here: their end, when it comes, is said here too (so
  // this computer saves the file), once; a job that ended before this client saw it open is not.
  const openElsewhere = new Set<string>();
  // This client's own writes: a team's change listener leaves out their notices, so a job written here
  // that another client polls (this one does not hold its account) is seen open here now, not when its
  // notice comes back; its end then comes as the poller's notice.
  events.on('job:changed', (job) => {
    if (!holds({ account: job.accountId })) openElsewhere.add(job.id);
  });
  // One look at a time: two interleaved looks would each compare against a half-written last look.
  let lastLook: Promise<void> = Promise.resolve();
  void showRunningCount();

  return {
    handlers: jobHandlers(context, deps.dialogs, notice),
    notice,
    repo,
    context,
    events,
    limiterOf,
    async accountRemoved(accountId, deleteHistory, shared = false) {
      polling.stopAccount(accountId);
      limiters.delete(accountId);
      if (shared) return showRunningCount();
      if (deleteHistory) await lifecycle.removeAccount(accountId);
      else await lifecycle.archiveAccount(accountId);
      await showRunningCount();
    },
    async ownerGained({ accountsAreAll } = { accountsAreAll: true }) {
      if (accountsAreAll) await setOrphansAside();
      // Only the owner settles `submitting` rows: a guest's would be another process's sends in flight
      // (a team's store settles only those of clients that stopped).
      const interrupted = await recoverInterruptedSubmissions(context);
      if (interrupted > 0)
        deps.log?.(`${interrupted} submission(s) were interrupted by the last exit: outcome unknown`);
      await polling.start();
      for (const row of await repo.withTracking('active'))
        if (!holds({ account: row.accountId })) openElsewhere.add(row.id);
    },
    async changedElsewhere(accountId, id) {
      feed.changed(accountId, id);
      const row = await repo.get(id);
      if (!row) return void openElsewhere.delete(id);
      if (holds({ account: accountId })) {
        openElsewhere.delete(id);
        polling.follow(row);
      } else if (row.tracking !== 'final') openElsewhere.add(id);
      else if (openElsewhere.delete(id)) {
        // Another client polled it to its end: here too it ended (this computer's download, the balance).
        events.emit('job:finished', row);
      }
      await showRunningCount();
    },
    stopPolling(accountId) {
      polling.stopAccount(accountId);
    },
    otherWrites() {
      const look = lastLook.catch(() => undefined).then(lookAtOtherWrites);
      lastLook = look;
      return look;
    },
    async dispose() {
      polling.dispose();
      feed.dispose();
      notifications.dispose();
      credits.dispose();
    },
  };
}
