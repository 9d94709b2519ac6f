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
/** Weight of each new answer time in the running estimate. */
const SMOOTHING = 0.2;

export class InFlightBound {
  private readonly answerMs = new Map<string, number>();

  /** @param fixed a bound that does not adapt (tests that count rows in flight). */
  constructor(private readonly fixed?: number) {}

  bound(accountId: string, limiter: Pick<RateLimiter, 'ratePerSecond' | 'learnedLimit'>): number {
    if (this.fixed !== undefined) return Math.max(1, this.fixed);
    const answer = this.answerMs.get(accountId);
    if (answer === undefined) return FIRST_BOUND;
    const rate = Math.min(limiter.ratePerSecond, limiter.learnedLimit ?? Infinity);
    // Little's law wants rate × answer time on their way on average; the next whole number above it is
    // enough for the rate to be what holds the batch back (a ceiling plus one would be one row more at risk).
    const needed = Math.floor((rate * answer) / 1000) + 1;
    return Math.min(MAX_BOUND, Math.max(1, needed));
  }

  /** The service answered a row of the account `ms` after its request left. */
  answered(accountId: string, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const before = this.answerMs.get(accountId);
    this.answerMs.set(accountId, before === undefined ? ms : before + SMOOTHING * (ms - before));
  }
}
