// When to ask about a job next: not before its kind may first end (learned durations), then just before
// the detection allowance runs out; geometric without data; exponential backoff after failures. Pure
// functions of age and chance.
import { Z99, quantileOf } from './stage-model';
import type { LogForecast } from './stage-model';

export interface PollIntervalOptions {
  /** No interval is shorter (before jitter): a second is the finest detection a person notices. */
  minMs: number;
  /** No interval is longer, jitter included. */
  maxMs: number;
  /**
   * From the job's first likely end on, the next poll comes after this share of its age. Since the job's
   * duration exceeds its age, the detection lag stays under this share of its duration: 7.8 %, which
   * leaves the goal (8 %: 0.8 of an allowance of 10 % of the duration) room for latency and a busy loop.
   */
  denseFraction: number;
  /** Dense polls come up to this share earlier, never later (jitter that cannot cost detection). */
  denseJitter: number;
  /** Without learned durations, the next poll comes after this share of the job's age. */
  noDataFraction: number;
  /** Without data, every interval is multiplied by a uniform factor in [1 − jitter, 1 + jitter] (at minMs: [1 − jitter, 1]). */
  jitter: number;
  /** Failures: full jitter in [0, min(errorMaxMs, errorBaseMs · 2^(failures − 1))). */
  errorBaseMs: number;
  errorMaxMs: number;
}

export const DEFAULT_INTERVALS: PollIntervalOptions = {
  minMs: 1000,
  maxMs: 60_000,
  denseFraction: 0.078,
  denseJitter: 0.05,
  noDataFraction: 0.15,
  jitter: 0.1,
  errorBaseMs: 1000,
  errorMaxMs: 300_000,
};

function unit(random: () => number): number {
  const draw = random();
  return Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1) : 0.5;
}

/**
 * The base interval (before jitter) for a job of this age. `firstEndMs` is when a job of its kind may
 * first end (DurationModel.firstEndMs), or null without learned durations.
 */
export function baseDelay(ageMs: number, firstEndMs: number | null, options: PollIntervalOptions): number {
  const age = Math.max(0, ageMs);
  if (firstEndMs === null) return Math.max(options.minMs, options.noDataFraction * age);
  // A job that cannot have finished yet is not asked: one wait to its first likely end, unless that is
  // nearer than the first dense step (then the dense zone has begun).
  const remaining = firstEndMs - age;
  const firstDenseStep = Math.max(options.minMs, options.denseFraction * firstEndMs);
  return remaining > firstDenseStep ? remaining : Math.max(options.minMs, options.denseFraction * age);
}

/**
 * When a job whose own run forecasts its end (`own`, log-normal) may first end: one dense step after the
 * forecast's 1st percentile, so that a job ending there is still seen within the dense zone's lag; but
 * where the forecast is so sharp (a spread under 1.6 %) that its 99th percentile comes sooner, then: one
 * poll just after the end.
 */
export function ownFirstEnd(own: LogForecast, options: PollIntervalOptions): number {
  const early = (1 + options.denseFraction) * quantileOf(own, -Z99);
  return Math.min(early, quantileOf(own, Z99));
}

/**
 * The jittered, capped delay until the next poll of a job that just answered with a non-final status;
 * `ownForecast` when `firstEndMs` comes from the job's own run (ownFirstEnd), not its kind.
 */
export function nextPollDelay(
  ageMs: number,
  firstEndMs: number | null,
  options: PollIntervalOptions,
  random: () => number,
  ownForecast = false,
): number {
  const base = baseDelay(ageMs, firstEndMs, options);
  if (firstEndMs !== null) {
    // Later would cost detection (the dense zone) or risk a job ending unseen (the first wait): earlier only.
    // A wait to a job's own forecast end, which is sharp, moves by no more than a share of one dense step.
    const span = ownForecast ? Math.min(base, options.denseFraction * firstEndMs) : base;
    return Math.round(Math.min(options.maxMs, base - options.denseJitter * unit(random) * span));
  }
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
