// When to ask about a job next: sparse while it is far from its likely end, dense near it (learned
// durations), geometric without data, exponential backoff after failures. Pure functions of age and chance.
import type { DurationEstimate } from './durations';

export interface PollIntervalOptions {
  /** No interval is shorter (before jitter): a second is the finest detection a person notices. */
  minMs: number;
  /** No interval is longer, jitter included. */
  maxMs: number;
  /**
   * Near the likely end, the next poll comes after this share of the job's age. Since the job's duration
   * exceeds its age, the detection lag stays under share × (1 + jitter) of its duration: 0.07 × 1.1 =
   * 7.7 %, which leaves the 10 % goal room for request latency and a busy event loop.
   */
  denseFraction: number;
  /** Without learned durations, the next poll comes after this share of the job's age. */
  noDataFraction: number;
  /** Every interval is multiplied by a uniform factor in [1 − jitter, 1 + jitter] (at minMs: [1 − jitter, 1]). */
  jitter: number;
  /** Failures: full jitter in [0, min(errorMaxMs, errorBaseMs · 2^(failures − 1))). */
  errorBaseMs: number;
  errorMaxMs: number;
}

export const DEFAULT_INTERVALS: PollIntervalOptions = {
  minMs: 1000,
  maxMs: 60_000,
  denseFraction: 0.07,
  noDataFraction: 0.15,
  jitter: 0.1,
  errorBaseMs: 1000,
  errorMaxMs: 300_000,
};

function unit(random: () => number): number {
  const draw = random();
  return Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1) : 0.5;
}

/** The base interval (before jitter) for a job of this age. */
export function baseDelay(
  ageMs: number,
  estimate: DurationEstimate | null,
  options: PollIntervalOptions,
): number {
  const age = Math.max(0, ageMs);
  if (!estimate) return Math.max(options.minMs, options.noDataFraction * age);
  const dense = Math.max(options.minMs, options.denseFraction * age);
  // Before the 5th percentile a job rarely ends: halve the distance to it, in steps no finer than the
  // dense zone's first step (so the approach costs ~log2(p05 / step) polls, not a poll a second).
  const remaining = estimate.p05 - age;
  const firstDenseStep = Math.max(options.minMs, options.denseFraction * estimate.p05);
  return remaining > firstDenseStep ? Math.max(firstDenseStep, remaining / 2) : dense;
}

/** The jittered, capped delay until the next poll of a job that just answered with a non-final status. */
export function nextPollDelay(
  ageMs: number,
  estimate: DurationEstimate | null,
  options: PollIntervalOptions,
  random: () => number,
): number {
  const base = baseDelay(ageMs, estimate, options);
  const jittered = base * (1 + options.jitter * (2 * unit(random) - 1));
  // At the floor, jitter only shortens: a job polled every second must be seen within a second.
  return Math.round(Math.min(options.maxMs, base <= options.minMs ? Math.min(jittered, base) : jittered));
}

/** Full jitter, as AWS's backoff: clients that failed together do not come back together. */
export function errorDelay(failures: number, options: PollIntervalOptions, random: () => number): number {
  const exponent = Math.min(Math.max(0, failures - 1), 30);
  const ceiling = Math.min(options.errorMaxMs, options.errorBaseMs * 2 ** exponent);
  return Math.floor(unit(random) * ceiling);
}
