// How many of an account's batch rows may be on their way at once: Little's law, the rate the account's
// gate allows × how long a row takes to be sent and recorded (learned from the rows answered), plus one so
// that the rate, not this bound, is what holds the batch back. Fewer rows in flight than that would leave
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

  bound(accountId: string, limiter: Pick<RateLimiter, 'ratePerSecond'>): number {
    if (this.fixed !== undefined) return Math.max(1, this.fixed);
    const answer = this.answerMs.get(accountId);
    if (answer === undefined) return FIRST_BOUND;
    const needed = Math.ceil((limiter.ratePerSecond * answer) / 1000) + 1;
    return Math.min(MAX_BOUND, Math.max(1, needed));
  }

  /** A row of the account was sent and recorded, `ms` after it left. */
  answered(accountId: string, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const before = this.answerMs.get(accountId);
    this.answerMs.set(accountId, before === undefined ? ms : before + SMOOTHING * (ms - before));
  }
}
