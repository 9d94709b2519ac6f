// Polls one account's open jobs: each when its learned duration (or, once it has been seen in a state
// that tells, its own run: StageModel) says an answer is likely new, within the account's adaptive request
// rate, a bounded number in flight, and nothing while the machine is offline. A long wait for a job's
// first likely end is looked at again half-way (no request), with what the durations learned meanwhile.
import { JOB_STATUSES, isFinalStatus } from '../../shared/api/job-types';
import type { Job } from '../../shared/api/schemas';
import { isApiError } from '../api/api-error';
import type { Clock, Power, PowerState, TimerHandle, Timers } from '../kernel/ports';
import { DueQueue } from './due-queue';
import type { DueItem } from './due-queue';
import { durationKeyId } from './duration-key';
import { FIRST_END_Z, type DurationModel } from './durations';
import { DEFAULT_INTERVALS, errorDelay, nextPollDelay, ownFirstEnd } from './poll-intervals';
import type { PollIntervalOptions } from './poll-intervals';
import type { DurationKey, PollListener, PollTarget } from './poll-types';
import { RateLimiter } from './rate-limiter';
import type { RateLimiterOptions } from './rate-limiter';
import { Z99, quantileOf } from './stage-model';
import type { StageModel } from './stage-model';

export interface PollSchedulerDeps {
  clock: Clock;
  timers: Timers;
  /** In [0, 1), for jitter; injectable so tests can pin it. Default Math.random. */
  random?: () => number;
  /** Default: always online. */
  power?: Power;
  /** Read for intervals, and taught every job that finishes. May be shared between accounts. */
  durations: DurationModel;
  listener: PollListener;
  /**
   * One single-attempt GET /jobs/:id (the scheduler does its own backoff): e.g.
   * `(uuid, signal) => client.getJob(uuid, { signal, retries: 0 })`. Rejects with an ApiError.
   */
  fetchJob(uuid: string, signal: AbortSignal): Promise<Job>;
  /** Requests in flight at most (default 16); also bounds the sockets the client opens. */
  maxInFlight?: number;
  rate?: RateLimiterOptions;
  /** The account's request gate when others share it (its batch submissions); else one of its own. */
  limiter?: RateLimiter;
  intervals?: Partial<PollIntervalOptions>;
  /** After a 401, nothing for this long, then one request at a time until one succeeds (default 60 s). */
  unauthorizedPauseMs?: number;
  /** Overdue polls (back online, awake, restored jobs) are spread over this window (default 5 s). */
  catchUpWindowMs?: number;
}

export interface PollSchedulerStats {
  /** Jobs being polled (queued or in flight). */
  open: number;
  inFlight: number;
  ratePerSecond: number;
  /** Nothing is sent before this time (Retry-After, a refused key), or null. */
  blockedUntil: number | null;
  /** Requests sent since the start. */
  requests: number;
  /** Of which answered 429. */
  rateLimited: number;
  /** Failed polls of any kind (429s included), and answers with an unknown status. */
  errors: number;
}

interface Flight {
  readonly controller: AbortController;
  readonly sentAt: number;
  /** Aborted by us (removed, power, dispose): its outcome is ignored. */
  cancelled: boolean;
}

interface Entry extends DueItem {
  target: PollTarget;
  key: DurationKey;
  /** Consecutive failed polls and unknown statuses, for the backoff. */
  failures: number;
  flight: Flight | null;
  /** pollNow came during a flight: an answer to a request sent before this may predate what the caller knows. */
  staleBefore: number;
  /** Due is a half-way look at the plan, not a poll: when the poll itself is planned, else null. */
  replanFor: number | null;
  /** An answer came for this job: it is past its first wait. */
  answered: boolean;
  /** The states this run was seen in, and when each began (StageModel); null before any. */
  seen: Map<string, number> | null;
}

const VALID_STATUSES: readonly string[] = JOB_STATUSES;

export const DEFAULT_MAX_IN_FLIGHT = 16;
export const DEFAULT_UNAUTHORIZED_PAUSE_MS = 60_000;
export const DEFAULT_CATCH_UP_WINDOW_MS = 5_000;
/** A wait to the first likely end longer than this is looked at again half-way. */
export const REPLAN_AFTER_MS = 4_000;
/**
 * Where the states of a kind forecast a job's end (StageModel), its first poll comes at the kind's 1st
 * percentile, not its 5th: that poll finds the job in a state that tells when it will end, so asking
 * early costs no extra request, and fewer jobs end before anyone asks.
 */
export const PROBE_Z = -Z99;
/**
 * The states forecast a job's end sharply enough to ask early when the spread of their forecast is at most
 * this share of the kind's: an early poll that tells little costs the polls between the two percentiles.
 */
const SHARP_SHARE = 0.25;
/** A job's own forecast is not believed beyond its kind's 99.9th percentile, nor before its 0.1th. */
const MAX_OWN_Z = 3.09;

function parseTime(text: string | undefined): number | null {
  if (text === undefined) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

export class PollScheduler {
  private readonly entries = new Map<string, Entry>();
  /** The entries of each duration key, to plan their first polls again when the model learns. */
  private readonly byKey = new Map<string, Set<Entry>>();
  private readonly queue = new DueQueue<Entry>();
  private readonly limiter: RateLimiter;
  private readonly intervals: PollIntervalOptions;
  private readonly random: () => number;
  private readonly maxInFlight: number;
  private readonly unauthorizedPauseMs: number;
  private readonly catchUpWindowMs: number;
  private readonly unsubscribePower: () => void;
  private power: PowerState;
  private timer: TimerHandle | null = null;
  private timerAt = Infinity;
  private inFlight = 0;
  /** After a 401: one request at a time until the key works again. */
  private probing = false;
  private disposed = false;
  private counters = { requests: 0, rateLimited: 0, errors: 0 };

  constructor(private readonly deps: PollSchedulerDeps) {
    this.random = deps.random ?? Math.random;
    this.intervals = { ...DEFAULT_INTERVALS, ...deps.intervals };
    this.maxInFlight = Math.max(1, Math.floor(deps.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT));
    this.unauthorizedPauseMs = deps.unauthorizedPauseMs ?? DEFAULT_UNAUTHORIZED_PAUSE_MS;
    this.catchUpWindowMs = Math.max(0, deps.catchUpWindowMs ?? DEFAULT_CATCH_UP_WINDOW_MS);
    this.limiter = deps.limiter ?? new RateLimiter(deps.clock, deps.rate);
    const power = deps.power;
    this.power = power ? power.current() : 'online';
    this.unsubscribePower = power ? power.onChange((state) => this.onPower(state)) : () => undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /**
   * Starts polling a job. A job already older than its next interval (restored after a restart) is overdue:
   * its first poll comes within the catch-up window. Adding a known id replaces its target (e.g. a new
   * startedAtMs after a requeue) and keeps its place.
   */
  add(target: PollTarget): void {
    if (this.disposed) return;
    const existing = this.entries.get(target.id);
    if (existing) {
      this.unindex(existing);
      // A requeued job runs anew: its age so far says nothing of how long this run takes.
      this.deps.durations.ended(existing.key, target.id);
      existing.answered = false;
      existing.seen = null;
      existing.target = target;
      existing.key = { projectId: target.projectId, jobType: target.jobType };
      this.index(existing);
      return;
    }
    const entry: Entry = {
      target,
      key: { projectId: target.projectId, jobType: target.jobType },
      failures: 0,
      flight: null,
      staleBefore: -Infinity,
      replanFor: null,
      answered: false,
      seen: null,
      due: 0,
      seq: 0,
      heapIndex: -1,
    };
    this.entries.set(target.id, entry);
    this.index(entry);
    const now = this.deps.clock.now();
    const age = now - target.startedAtMs;
    const delay = this.normalDelay(entry, now);
    if (age > delay) this.at(entry, now + this.spread());
    else this.plan(entry, now, delay);
    this.arm();
  }

  /** Stops polling a job (aborting its request, if one is in flight). */
  remove(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.drop(entry);
    this.cancelFlight(entry);
    this.arm();
    return true;
  }

  /**
   * Polls the job (every job without an id) as soon as the rate allows, ahead of the queue: e.g. after a
   * requeue. An answer already on its way is then ignored, since it may predate the change.
   */
  pollNow(id?: string): void {
    if (this.disposed) return;
    const now = this.deps.clock.now();
    if (id === undefined) {
      // Everything due now, keeping the most overdue first.
      for (const entry of this.entries.values()) if (entry.flight) entry.staleBefore = now;
      for (const entry of this.queue.items()) {
        entry.due = Math.min(entry.due, now);
        entry.replanFor = null;
      }
      this.queue.rebuild();
    } else {
      const entry = this.entries.get(id);
      if (entry?.flight) entry.staleBefore = now;
      else if (entry) {
        const top = this.queue.peek();
        this.at(entry, Math.min(now, top && top !== entry ? top.due - 1 : now));
      }
    }
    this.arm();
  }

  /** When the job's next poll is planned, or null (unknown, or its request is in flight). */
  nextPollAt(id: string): number | null {
    const entry = this.entries.get(id);
    return entry && this.queue.has(entry) ? (entry.replanFor ?? entry.due) : null;
  }

  stats(): PollSchedulerStats {
    return {
      open: this.entries.size,
      inFlight: this.inFlight,
      ratePerSecond: this.limiter.ratePerSecond,
      blockedUntil: this.limiter.blockedUntil,
      ...this.counters,
    };
  }

  /** Aborts every request in flight, clears the timer and forgets every job; the listener hears no more. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.clearTimer();
    this.unsubscribePower();
    for (const entry of this.entries.values()) {
      this.cancelFlight(entry);
      this.deps.durations.ended(entry.key, entry.target.id);
    }
    this.entries.clear();
    this.byKey.clear();
    this.queue.clear();
  }

  // ——— sending ———

  private get slots(): number {
    return this.probing ? 1 : this.maxInFlight;
  }

  /**
   * Sends every due poll the rate and the in-flight bound allow, most overdue first, then re-arms. Only
   * the timer calls it, so that no request is ever sent from within add(), a listener or an answer.
   */
  private pump(): void {
    if (this.disposed || this.power !== 'online') return;
    const now = this.deps.clock.now();
    while (this.inFlight < this.slots) {
      const top = this.queue.peek();
      if (!top || top.due > now) break;
      if (top.replanFor !== null) {
        this.replan(top, now);
        continue;
      }
      if (!this.limiter.tryAcquire()) break;
      this.queue.remove(top);
      this.send(top, now);
    }
    this.arm();
  }

  private send(entry: Entry, now: number): void {
    const flight: Flight = { controller: new AbortController(), sentAt: now, cancelled: false };
    entry.flight = flight;
    this.inFlight += 1;
    this.counters.requests += 1;
    let answer: Promise<Job>;
    try {
      answer = this.deps.fetchJob(entry.target.uuid, flight.controller.signal);
    } catch (error) {
      answer = Promise.reject(error);
    }
    // The next request goes from the timer, not from here: Node's fetch frees a socket only after the
    // answer's own tick, and a request sent within it opens a second socket (2 per slot instead of 1).
    answer.then(
      (job) => {
        if (this.settle(entry, flight)) this.onAnswer(entry, job);
        this.arm();
      },
      (error: unknown) => {
        if (this.settle(entry, flight)) this.onFailure(entry, flight, error);
        this.arm();
      },
    );
  }

  /** Books the end of a flight; true when its outcome still matters. */
  private settle(entry: Entry, flight: Flight): boolean {
    this.inFlight -= 1;
    if (entry.flight === flight) entry.flight = null;
    if (flight.cancelled || this.disposed || this.entries.get(entry.target.id) !== entry) return false;
    if (flight.sentAt < entry.staleBefore) {
      // pollNow came while this was on its way: ask again rather than report what may be stale.
      this.at(entry, this.deps.clock.now());
      return false;
    }
    return true;
  }

  // ——— answers ———

  private onAnswer(entry: Entry, job: Job): void {
    const now = this.deps.clock.now();
    this.limiter.onSuccess();
    this.probing = false;
    const status = job.job_status;
    entry.answered = true;
    if (isFinalStatus(status)) {
      const before = this.kindFirstEnd(entry.key);
      const duration = this.durationOf(entry.target, job, now);
      this.deps.durations.record(entry.key, duration);
      if (entry.seen) this.stages.learn(entry.key, entry.seen, duration);
      this.drop(entry);
      this.pullFirstPolls(entry.key, before, now);
      this.emit(() => this.deps.listener.onRecord(entry.target, job, true));
      return;
    }
    if (VALID_STATUSES.includes(status)) {
      entry.failures = 0;
      this.deps.durations.running(entry.key, entry.target.id, now - entry.target.startedAtMs);
      this.noteState(entry, status, job);
      this.plan(entry, now, this.normalDelay(entry, now));
    } else {
      // CANCELLED, lower-case success…: not a state the spec says ends a job, so keep asking, sparingly.
      entry.failures += 1;
      this.counters.errors += 1;
      this.at(entry, now + errorDelay(entry.failures, this.intervals, this.random));
    }
    this.emit(() => this.deps.listener.onRecord(entry.target, job, false));
  }

  private onFailure(entry: Entry, flight: Flight, error: unknown): void {
    const now = this.deps.clock.now();
    this.counters.errors += 1;
    const apiError = isApiError(error) ? error : undefined;
    const kind = apiError?.kind;
    if (apiError && kind === 'not-found') {
      this.probing = false;
      this.drop(entry);
      this.emit(() => this.deps.listener.onLost(entry.target, apiError.message));
      return;
    }
    if (kind === 'rate-limited') {
      this.counters.rateLimited += 1;
      this.limiter.onRateLimited(flight.sentAt, apiError?.retryAfterMs);
      // Not the job's fault: no backoff of its own, just due again once the account may send.
      this.at(entry, Math.max(now, this.limiter.blockedUntil ?? now));
    } else if (kind === 'unauthorized') {
      // A refused key stays refused: pause the account, then probe with one request at a time.
      this.limiter.hold(now + this.unauthorizedPauseMs);
      this.probing = true;
      this.at(entry, now + this.unauthorizedPauseMs);
    } else {
      entry.failures += 1;
      this.at(entry, now + errorDelay(entry.failures, this.intervals, this.random));
    }
    this.emit(() => this.deps.listener.onError(entry.target, error));
  }

  /** The service's own clock when it gave both times (no skew), else ours since the job (re)started. */
  private durationOf(target: PollTarget, job: Job, now: number): number {
    const created = parseTime(job.created_at);
    const updated = parseTime(job.updated_at);
    // A requeued job's created_at is its first run's: its clock restarted at the requeue.
    const start = created === null ? null : Math.max(created, target.startedAtMs);
    if (start !== null && updated !== null && updated >= start) return updated - start;
    return Math.max(0, now - target.startedAtMs);
  }

  /**
   * When the job's present state began, in ms into its run: the record's updated_at (see StageModel) less
   * its created_at, both on the service's clock. Null without both, or for a requeued run: its start is
   * our clock's, and a second of skew between the two would move the forecast by several (a state that
   * begins at 15 % of the run multiplies it by 6.7).
   */
  private stageStartOf(target: PollTarget, job: Job): number | null {
    const created = parseTime(job.created_at);
    const updated = parseTime(job.updated_at);
    if (created === null || updated === null || target.startedAtMs !== created) return null;
    return updated > created ? updated - created : null;
  }

  /**
   * Notes the state the job was seen in. The first start seen for a state is kept: a later updated_at in
   * the same state was set by something else (a PUT of the output), and would push the forecast later.
   */
  private noteState(entry: Entry, status: string, job: Job): void {
    const start = this.stageStartOf(entry.target, job);
    if (start === null) return;
    const seen = (entry.seen ??= new Map());
    const known = seen.get(status);
    if (known === undefined || start < known) seen.set(status, start);
  }

  private get stages(): StageModel {
    return this.deps.durations.stages;
  }

  /** When a job of this kind that nobody has asked about yet may first end (its first poll), or null. */
  private kindFirstEnd(key: DurationKey): number | null {
    const kind = this.deps.durations.forecast(key);
    if (kind === null) return null;
    const sharpest = this.stages.sharpest(key);
    const z = sharpest !== null && sharpest <= SHARP_SHARE * kind.spread ? PROBE_Z : FIRST_END_Z;
    return quantileOf(kind, z);
  }

  /** When this job may first end (plannedEnd), or null. */
  private firstEnd(entry: Entry): number | null {
    return this.plannedEnd(entry).ms;
  }

  /**
   * When this job may first end: from the states it was seen in, where they forecast its end far more
   * sharply than its kind's durations do (within the kind's 0.1th and 99.9th percentiles: one odd
   * updated_at must neither hold a job unasked nor start asking about it every second); else from its
   * kind. `own` when the job's states decided.
   */
  private plannedEnd(entry: Entry): { ms: number | null; own: boolean } {
    if (!entry.answered) return { ms: this.kindFirstEnd(entry.key), own: false };
    const kind = this.deps.durations.forecast(entry.key);
    if (kind === null) return { ms: null, own: false };
    const own = entry.seen && this.stages.forecast(entry.key, entry.seen);
    if (own && own.spread <= SHARP_SHARE * kind.spread) {
      const end = ownFirstEnd(own, this.intervals);
      const floor = quantileOf(kind, -MAX_OWN_Z);
      return { ms: Math.min(Math.max(end, floor), quantileOf(kind, MAX_OWN_Z)), own: true };
    }
    return { ms: quantileOf(kind, FIRST_END_Z), own: false };
  }

  private normalDelay(entry: Entry, now: number): number {
    const end = this.plannedEnd(entry);
    const age = now - entry.target.startedAtMs;
    return nextPollDelay(age, end.ms, this.intervals, this.random, end.own);
  }

  /**
   * A half-way look (no request): the wait is planned again with what was learned since. A job whose first
   * likely end has come (the model moved it earlier, or the look came late because the rate held it) is
   * due at once, as overdue as it was planned, so that the most overdue still go first.
   */
  private replan(entry: Entry, now: number): void {
    const planned = entry.replanFor ?? now;
    const firstEnd = this.firstEnd(entry);
    const age = now - entry.target.startedAtMs;
    const delay = this.normalDelay(entry, now);
    if (firstEnd !== null && age + delay <= firstEnd) {
      this.plan(entry, now, delay);
      return;
    }
    // At the first likely end, but not after the poll planned before (nor before now, unless it was late).
    const end = firstEnd === null ? now : entry.target.startedAtMs + firstEnd;
    this.at(entry, Math.min(planned, Math.max(now, end)));
  }

  /**
   * A job of this kind finished, and the model now says its kind may first end sooner than before: the
   * jobs of the kind still waiting for their first poll are asked at the new first likely end (at once
   * when it has passed), not at the old one. In a wave, the first jobs created are the first asked: when
   * they have finished already, the rest of the wave is asked sooner, rather than seen late.
   */
  private pullFirstPolls(key: DurationKey, before: number | null, now: number): void {
    const firstEnd = this.kindFirstEnd(key);
    if (firstEnd === null || (before !== null && firstEnd >= before)) return;
    for (const other of this.byKey.get(durationKeyId(key)) ?? []) {
      if (other.answered || other.flight || other.failures > 0 || !this.queue.has(other)) continue;
      const end = Math.max(now, other.target.startedAtMs + firstEnd);
      if ((other.replanFor ?? other.due) > end) this.at(other, end);
    }
  }

  /** Queues the job's next poll at `due` (no half-way look). */
  private at(entry: Entry, due: number): void {
    entry.replanFor = null;
    this.queue.schedule(entry, due);
  }

  /**
   * Queues the next poll `delay` from now; a long wait to the job's first likely end is looked at again
   * half-way instead, since the durations learned meanwhile (the first jobs of a wave, stragglers) may
   * move that end earlier: the first poll of a job is decided on the most that is known.
   */
  private plan(entry: Entry, now: number, delay: number): void {
    const age = now - entry.target.startedAtMs;
    const firstEnd = this.firstEnd(entry);
    if (firstEnd !== null && age + delay <= firstEnd && delay > REPLAN_AFTER_MS) {
      entry.replanFor = now + delay;
      this.queue.schedule(entry, now + delay / 2);
      return;
    }
    this.at(entry, now + delay);
  }

  /** A listener that throws must not stop the polling of every other job. */
  private emit(call: () => void | Promise<void>): void {
    try {
      // Not waited for: the listener owns its failures (it logs them); the scheduler's state is already
      // consistent.
      call()?.catch(() => undefined);
    } catch {
      // As above.
    }
  }

  // ——— power ———

  private onPower(state: PowerState): void {
    if (this.disposed || state === this.power) return;
    this.power = state;
    const now = this.deps.clock.now();
    if (state !== 'online') {
      // Requests now would fail or hang until their timeout: drop them and ask again once back.
      for (const entry of this.entries.values()) {
        if (!entry.flight) continue;
        this.cancelFlight(entry);
        this.at(entry, now);
      }
      this.clearTimer();
      return;
    }
    // Back online (or awake): everything overdue is asked again soon, spread out rather than at once.
    for (const entry of this.queue.items()) {
      if (entry.due <= now) entry.due = now + this.spread();
    }
    this.queue.rebuild();
    this.arm();
  }

  private spread(): number {
    return Math.floor(this.random() * this.catchUpWindowMs);
  }

  // ——— bookkeeping ———

  private index(entry: Entry): void {
    const id = durationKeyId(entry.key);
    let entries = this.byKey.get(id);
    if (!entries) {
      entries = new Set();
      this.byKey.set(id, entries);
    }
    entries.add(entry);
  }

  private unindex(entry: Entry): void {
    const id = durationKeyId(entry.key);
    const entries = this.byKey.get(id);
    entries?.delete(entry);
    if (entries?.size === 0) this.byKey.delete(id);
  }

  private drop(entry: Entry): void {
    this.entries.delete(entry.target.id);
    this.unindex(entry);
    this.queue.remove(entry);
    this.deps.durations.ended(entry.key, entry.target.id);
  }

  private cancelFlight(entry: Entry): void {
    const flight = entry.flight;
    if (!flight) return;
    flight.cancelled = true;
    entry.flight = null;
    flight.controller.abort();
  }

  /** One timer for the whole account: the earliest moment a due poll may go out. */
  private arm(): void {
    if (this.disposed || this.power !== 'online' || this.inFlight >= this.slots) {
      // Offline: nothing to do until the power changes; full: the next answer pumps.
      this.clearTimer();
      return;
    }
    const top = this.queue.peek();
    if (!top) {
      this.clearTimer();
      return;
    }
    const wakeAt = Math.max(top.due, this.limiter.nextSlotAt());
    // An earlier timer will find nothing to do and re-arm; cheaper than clearing one per add().
    if (this.timer && this.timerAt <= wakeAt) return;
    this.clearTimer();
    this.timerAt = wakeAt;
    this.timer = this.deps.timers.setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.pump();
      },
      Math.max(0, wakeAt - this.deps.clock.now()),
    );
  }

  private clearTimer(): void {
    if (this.timer) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }
}
