// When to try again and how long to wait: exponential backoff with full jitter, Retry-After honoured.
// Reads retry on every transient failure; writes only where the request provably had no effect.
import type { ApiError } from './api-error';

export interface RetryOptions {
  /** Extra attempts after the first. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error goes to the caller instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

export interface FailedAttempt {
  error: ApiError;
  /** The request provably never reached the service (connection refused, DNS failure). */
  neverSent: boolean;
  /** From Retry-After, when the answer carried one. */
  retryAfterMs?: number;
}

/** Whether this failure may be retried at all, whatever the remaining budget. */
export function isRetryable(attempt: FailedAttempt, write: boolean): boolean {
  const { kind } = attempt.error;
  // A 429 is refused before it takes effect, so even a write can go again.
  if (kind === 'rate-limited') return true;
  if (write) return kind === 'network' && attempt.neverSent;
  return kind === 'network' || kind === 'timeout' || kind === 'server';
}

/** Full jitter: a uniform wait in [0, min(max, base·2^n)), which spreads out clients that failed together. */
export function backoffDelay(retryIndex: number, options: RetryOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retryIndex);
  const draw = random();
  const unit = Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1) : 0;
  return Math.floor(unit * Math.max(0, ceiling));
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: string };

export function decideRetry(
  attempt: FailedAttempt,
  write: boolean,
  retryIndex: number,
  options: RetryOptions,
  random: () => number,
): RetryDecision {
  if (!isRetryable(attempt, write)) {
    return {
      retry: false,
      reason:
        write && attempt.error.outcomeUnknown ? 'not retried: a write may have taken effect' : 'not retried',
    };
  }
  if (retryIndex >= options.retries)
    return { retry: false, reason: `giving up after ${retryIndex + 1} attempts` };
  if (attempt.retryAfterMs !== undefined) {
    if (attempt.retryAfterMs > options.maxRetryAfterMs) {
      return { retry: false, reason: `not retried: Retry-After of ${attempt.retryAfterMs} ms is too long` };
    }
    return { retry: true, delayMs: attempt.retryAfterMs };
  }
  return { retry: true, delayMs: backoffDelay(retryIndex, options, random) };
}
