// One account's request gate: a token bucket whose rate adapts (on a 429, just under the traffic that drew
// it, which is the key's limit, or by half when that cannot be told; grow back slowly while the rate is what
// holds requests back), a hold that no request passes (Retry-After, a 401), and a batch's creates first.
import type { Clock } from '../kernel/ports';
import { CreatesFirst, type Lane } from './creates-first';

export interface RateLimiterOptions {
  /** Requests per second at start (default 10). */
  initialPerSecond?: number;
  /**
   * Ceiling of the rate (default 500): 1,000 jobs near their end at once need ~450/s for a lag within 10 %
   * of their duration; 10,000 open jobs polled at most once a minute need ~170/s.
   */
  maxPerSecond?: number;
  /** Floor the halving stops at (default 0.5/s): never give up on the account entirely. */
  minPerSecond?: number;
  /**
   * Additive growth after a 429: this much per second of traffic held back by the rate (default 0.5); a
   * tenth of it from 90 % of the rate that drew the last 429 on, so that the limit is probed, not hit.
   */
  recoveryPerSecond?: number;
  /**
   * Until the first 429, the rate doubles per second it holds requests back (TCP's slow start), so that a
   * service without limits is not polled at 10/s for minutes; after one, growth is additive only.
   */
  slowStart?: boolean;
  /** Bucket size in seconds of the current rate (default 0.05, at least one request): absorbs late timers. */
  burstSeconds?: number;
  /** Hold after a 429 without a usable Retry-After (default 1 s). */
  defaultRetryAfterMs?: number;
  /**
   * The key's limit learned on an earlier run (requests a second that drew a 429): the gate starts just under
   * it, with no slow start, instead of finding it again.
   */
  knownLimitPerSecond?: number | null;
  /** Told each time a 429 teaches the limit (to keep it for the next run). */
  onLimitLearned?: (perSecond: number) => void;
}

export const DEFAULT_RATE: Required<Omit<RateLimiterOptions, 'knownLimitPerSecond' | 'onLimitLearned'>> = {
  initialPerSecond: 10,
  maxPerSecond: 500,
  minPerSecond: 0.5,
  recoveryPerSecond: 0.5,
  slowStart: true,
  burstSeconds: 0.1,
  defaultRetryAfterMs: 1000,
};

/** Growth is credited for at most this much time per success, so a quiet spell is not "clean traffic". */
const MAX_CREDIT_MS = 1000;
/** A denied request this recent means the rate is (still) the limit. */
const SATURATION_WINDOW_MS = 1000;
/** Near the rate that drew the last 429, growth slows to a tenth (CUBIC's plateau, simplified). */
const PLATEAU_SHARE = 0.9;
const PLATEAU_SLOWDOWN = 10;
/** Past the old limit by this much without a 429: the limit has moved, forget it. */
const CEILING_FORGET_FACTOR = 1.1;
/** After a 429, the rate goes this far under the traffic that drew it (the limit, as near as it is known). */
const UNDER_LIMIT = 0.9;
/** Traffic over the last second below this says too little about the limit: the rate is halved instead. */
const MIN_OBSERVED = 4;
/**
 * A 429 drawn by traffic this near the limit already learned is the arrivals bunching up on their way (the
 * service counts them when they arrive), not a lower limit: the limit is only nudged down. Further under,
 * the limit came down (or another client shares the key) and the traffic is the new limit.
 */
const SAME_LIMIT_SHARE = 0.8;
const NUDGE_DOWN = 0.98;
/** The gate's rate from which it also keeps any second to that many requests (bursts included). */
const WINDOW_CAP_FROM = 2;

export class RateLimiter {
  private readonly options: typeof DEFAULT_RATE;
  private rate: number;
  private tokens = 1;
  private refilledAt: number;
  private holdUntil = 0;
  private lastDeniedAt = -Infinity;
  private lastGrowthAt: number;
  private lastDecreaseAt = -Infinity;
  private limitedOnce = false;
  /** The rate that drew the last 429 (Infinity until one did, or once the rate is well past it). */
  private ceiling = Infinity;
  /** While a batch is being sent, its creates come first (creates-first.ts). */
  private readonly lanes = new CreatesFirst();

  constructor(
    private readonly clock: Clock,
    options: RateLimiterOptions = {},
  ) {
    const merged = { ...DEFAULT_RATE, ...options };
    const min = Math.max(0.001, merged.minPerSecond);
    const max = Math.max(min, merged.maxPerSecond);
    this.options = { ...merged, minPerSecond: min, maxPerSecond: max };
    this.rate = Math.min(max, Math.max(min, merged.initialPerSecond));
    this.refilledAt = clock.now();
    this.lastGrowthAt = this.refilledAt;
    this.onLimitLearned = options.onLimitLearned;
    if (options.knownLimitPerSecond) this.learn(options.knownLimitPerSecond);
  }

  private readonly onLimitLearned: ((perSecond: number) => void) | undefined;

  /**
   * The key's limit as learned on an earlier run: taken unless this run has met a 429 itself (its own
   * lesson is newer). The rate starts just under it, growing slowly towards it (no slow start).
   */
  learn(limitPerSecond: number): void {
    if (this.limitedOnce || !Number.isFinite(limitPerSecond) || limitPerSecond <= 0) return;
    const { minPerSecond, maxPerSecond } = this.options;
    this.limitedOnce = true;
    this.ceiling = limitPerSecond;
    this.rate = Math.min(maxPerSecond, Math.max(minPerSecond, UNDER_LIMIT * limitPerSecond));
  }

  /** The key's limit as this gate knows it (the traffic that drew the last 429), or null before one. */
  get learnedLimit(): number | null {
    return Number.isFinite(this.ceiling) ? this.ceiling : null;
  }

  get ratePerSecond(): number {
    return this.rate;
  }

  /** Until when nothing may be sent (a Retry-After or a 401 hold), or null when nothing holds. */
  get blockedUntil(): number | null {
    return this.holdUntil > this.clock.now() ? this.holdUntil : null;
  }

  /**
   * The earliest time tryAcquire(lane) can succeed (whole ms, so that the bucket is surely full enough
   * then); for a request other than a create, not before its share allows while a batch is being sent.
   */
  nextSlotAt(lane: Lane = 'other'): number {
    const now = this.clock.now();
    this.refill(now);
    const tokenAt = this.tokens >= 1 ? now : now + Math.ceil(((1 - this.tokens) * 1000) / this.rate);
    const shareAt = lane === 'other' ? this.lanes.otherNextAt(now) : now;
    const windowAt = this.windowFull(now) ? this.lanes.windowFreesAt(now) : now;
    return Math.max(tokenAt, this.holdUntil, shareAt, windowAt);
  }

  /**
   * Whether the last second already holds the rate's worth of requests. A service that limits a key per
   * second counts any second, bursts included: the gate does too, so a full bucket after a pause never
   * puts more into one second than the rate allows.
   */
  private windowFull(now: number): boolean {
    return this.rate >= WINDOW_CAP_FROM && this.lanes.recent(now) >= Math.floor(this.rate);
  }

  /**
   * Takes a slot for one request now, or says no (and notes that the rate held a request back). `lane`:
   * creates (a batch's rows) come first; other requests take at most 10 % of the traffic meanwhile.
   */
  tryAcquire(lane: Lane = 'other'): boolean {
    const now = this.clock.now();
    if (lane === 'create') this.lanes.wanted(now);
    // Held back by the share, not by the rate: says nothing about the rate being the limit.
    else if (!this.lanes.otherMayGo(now)) return false;
    this.refill(now);
    // A hair under 1: float refills may land at 0.9999999 at the very ms nextSlotAt promised.
    if (now < this.holdUntil || this.tokens < 1 - 1e-9 || this.windowFull(now)) {
      this.lastDeniedAt = now;
      return false;
    }
    this.tokens = Math.max(0, this.tokens - 1);
    this.lanes.granted(lane, now);
    return true;
  }

  /**
   * Slots taken with tryAcquire that no request used (a sender took slots for rows that were no longer
   * there): they go back into the bucket, never past its size.
   */
  giveBack(count: number, lane: Lane = 'other'): void {
    if (count <= 0) return;
    this.lanes.givenBack(lane, count);
    const now = this.clock.now();
    this.refill(now);
    this.tokens = Math.min(Math.max(1, this.rate * this.options.burstSeconds), this.tokens + count);
  }

  /** A request was answered without a 429: grow if the rate has been the limit. */
  onSuccess(): void {
    const now = this.clock.now();
    const creditMs = Math.min(MAX_CREDIT_MS, Math.max(0, now - this.lastGrowthAt));
    this.lastGrowthAt = now;
    if (now < this.holdUntil || now - this.lastDeniedAt > SATURATION_WINDOW_MS) return;
    this.refill(now);
    if (this.options.slowStart && !this.limitedOnce) {
      this.rate = Math.min(this.options.maxPerSecond, this.rate * 2 ** (creditMs / 1000));
      return;
    }
    const slowdown = this.rate >= PLATEAU_SHARE * this.ceiling ? PLATEAU_SLOWDOWN : 1;
    this.rate = Math.min(
      this.options.maxPerSecond,
      this.rate + (this.options.recoveryPerSecond * creditMs) / 1000 / slowdown,
    );
    if (this.rate > CEILING_FORGET_FACTOR * this.ceiling) this.ceiling = Infinity;
  }

  /**
   * A 429: hold everything until Retry-After has passed, and lower the rate (just under the traffic that
   * drew it, or by half) — once per round, i.e. only for a request sent after the last decrease (the others
   * were sent at the old rate and say nothing new).
   */
  onRateLimited(sentAtMs: number, retryAfterMs?: number): void {
    const now = this.clock.now();
    const wait =
      retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0
        ? retryAfterMs
        : this.options.defaultRetryAfterMs;
    this.holdUntil = Math.max(this.holdUntil, now + wait);
    this.limitedOnce = true;
    this.lastGrowthAt = now;
    if (sentAtMs < this.lastDecreaseAt) return;
    this.refill(now);
    // The traffic of the second before the request left drew it (not the second before its answer, which
    // a slow answer would show emptier): the key's limit, as near as this client can see it, and the rate
    // goes just under it. Halved, as AIMD does, when there was too little traffic to tell a limit from.
    const observed = this.lanes.recentAt(sentAtMs, now);
    this.tokens = 0;
    this.lastDecreaseAt = now;
    if (observed < MIN_OBSERVED) {
      this.ceiling = this.rate;
      this.rate = Math.max(this.options.minPerSecond, this.rate / 2);
      return;
    }
    // That second holds the refused request itself, which did not fit: the key took one fewer.
    const fitted = observed - 1;
    const known = Number.isFinite(this.ceiling) ? this.ceiling : null;
    const limit = known !== null && fitted >= SAME_LIMIT_SHARE * known ? NUDGE_DOWN * known : fitted;
    this.ceiling = limit;
    this.rate = Math.min(this.options.maxPerSecond, Math.max(this.options.minPerSecond, UNDER_LIMIT * limit));
    this.onLimitLearned?.(limit);
  }

  /** Holds every request until then, rate unchanged (e.g. the key was refused). */
  hold(untilMs: number): void {
    this.holdUntil = Math.max(this.holdUntil, untilMs);
  }

  private refill(now: number): void {
    const capacity = Math.max(1, this.rate * this.options.burstSeconds);
    const elapsed = Math.max(0, now - this.refilledAt);
    this.tokens = Math.min(capacity, this.tokens + (elapsed * this.rate) / 1000);
    this.refilledAt = now;
  }
}
