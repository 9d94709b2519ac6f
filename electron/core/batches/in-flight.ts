// How many of an account's batch rows may be on their way at once: Little's law, the rate the account's
// gate allows (never above the key's limit once learned: a gate still probing upwards is no rate the service
// will answer) × how long the service takes to answer a create (learned from the rows answered, from the
// request leaving to its answer: the app's own writes are not the service's time), plus one so that the
// rate, not this bound, is what holds the batch back. Fewer rows in flight than that would leave
// the key's budget unused; more would only wait at the gate, and every row in flight when the app is killed
// or the connection resets is a row whose outcome is unknown.
import type { RateLimiter } from '../jobs/rate-limiter';

/** Before any row of the account was answered: enough to learn the answer time, few enough to risk little. */
const FIRST_BOUND = 2;
/** However fast the gate and slow the service: a bound on the rows whose outcome a crash can leave unknown. */
const MAX_BOUND = 32;
/** The answer time is the median of this many latest answers: a few slow ones (a new connection, a busy
 * second) do not add a row at risk, and a lasting change is followed within half of them. */
const ANSWERS_KEPT = 15;

export interface InFlightOptions {
  /** A bound that does not adapt (tests that count rows in flight). */
  fixed?: number;
  /** The time (ms), for the growth while the key's limit is not known; default Date.now. */
  now?: () => number;
}

interface Probe {
  bound: number;
  /** When the bound last grew (or was cut). */
  at: number;
}

export class InFlightBound {
  private readonly answers = new Map<string, number[]>();
  /** Per account, while the key's limit is not known: the bound as it has grown so far. */
  private readonly probes = new Map<string, Probe>();
  private readonly fixed: number | undefined;
  private readonly now: () => number;

  constructor(options: InFlightOptions = {}) {
    this.fixed = options.fixed;
    this.now = options.now ?? Date.now;
  }

  bound(accountId: string, limiter: Pick<RateLimiter, 'ratePerSecond' | 'learnedLimit'>): number {
    if (this.fixed !== undefined) return Math.max(1, this.fixed);
    const answer = this.answerMs(accountId);
    if (answer === undefined) return FIRST_BOUND;
    const rate = Math.min(limiter.ratePerSecond, limiter.learnedLimit ?? Infinity);
    // Little's law wants rate × answer time on their way on average; the next whole number above it is
    // enough for the rate to be what holds the batch back (a ceiling plus one would be one row more at risk).
    const needed = Math.min(MAX_BOUND, Math.max(1, Math.floor((rate * answer) / 1000) + 1));
    if (limiter.learnedLimit !== null) {
      this.probes.delete(accountId);
      return needed;
    }
    return this.probing(accountId, needed, answer);
  }

  /**
   * The key's limit is not known yet and the gate probes upwards (it doubles a second until a 429): its
   * rate is no rate the service will answer. The rows on their way grow by one an answer time at most
   * (TCP's congestion avoidance), so that when the first 429 comes they are about the key's limit × the
   * answer time, not the probe's rate × it (21 rows at 500 ms where the key took 20/s).
   */
  private probing(accountId: string, needed: number, answer: number): number {
    const now = this.now();
    const probe = this.probes.get(accountId) ?? { bound: FIRST_BOUND, at: now };
    if (needed <= probe.bound) {
      probe.bound = needed;
      probe.at = now;
    } else if (now - probe.at >= answer) {
      probe.bound += 1;
      probe.at = now;
    }
    this.probes.set(accountId, probe);
    return probe.bound;
  }

  /** The service answered a row of the account `ms` after its request left. */
  answered(accountId: string, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const kept = this.answers.get(accountId) ?? [];
    kept.push(ms);
    if (kept.length > ANSWERS_KEPT) kept.shift();
    this.answers.set(accountId, kept);
  }

  /** The median of the latest answers (the lower one of an even count), or undefined before any. */
  private answerMs(accountId: string): number | undefined {
    const kept = this.answers.get(accountId);
    if (!kept || kept.length === 0) return undefined;
    const sorted = [...kept].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)];
  }
}
