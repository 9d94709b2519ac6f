// The scheduler's interval policy as pure functions: one wait to the first likely end, the dense zone, the
// no-data geometric schedule, the jitter bounds and the capped full-jitter backoff, over many random draws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTERVALS,
  baseDelay,
  errorDelay,
  nextPollDelay,
  ownFirstEnd,
} from '../../electron/core/jobs/poll-intervals';

/** A job of its kind may first end at 40 s (DurationModel.firstEndMs). */
const FIRST_END = 40_000;
const options = DEFAULT_INTERVALS;

describe('poll intervals', () => {
  it('does not ask a job that cannot have finished: one wait to its first likely end', () => {
    expect(baseDelay(0, FIRST_END, options)).toBe(40_000);
    expect(baseDelay(20_000, FIRST_END, options)).toBe(20_000);
    expect(baseDelay(35_000, FIRST_END, options)).toBe(5_000);
    // Closer to it than the dense zone's first step (7.8 % of 40 s = 3.12 s), the dense zone has begun.
    expect(baseDelay(37_000, FIRST_END, options)).toBeCloseTo(0.078 * 37_000, 6);
  });

  it('polls every 7.8 % of the age from the first likely end (1 s at least), and without data every 15 %', () => {
    expect(baseDelay(60_000, FIRST_END, options)).toBeCloseTo(4_680, 6);
    expect(baseDelay(200_000, FIRST_END, options)).toBeCloseTo(15_600, 6);
    expect(baseDelay(5_000, 4_000, options)).toBe(1_000);
    expect(baseDelay(0, null, options)).toBe(1_000);
    expect(baseDelay(100_000, null, options)).toBeCloseTo(15_000, 6);
  });

  it('jitters learned waits only earlier (by 5 % at most), the others ±10 % (shorter only at the 1 s floor), all capped at 60 s', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 3600_000 }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (age, withData, draw) => {
          const firstEnd = withData ? FIRST_END : null;
          const base = baseDelay(age, firstEnd, options);
          const delay = nextPollDelay(age, firstEnd, options, () => draw);
          const lower = withData ? 0.95 * base : 0.9 * base;
          const upper = withData || base <= options.minMs ? base : base * 1.1;
          expect(delay).toBeGreaterThanOrEqual(Math.min(options.maxMs, Math.floor(lower)));
          expect(delay).toBeLessThanOrEqual(Math.min(options.maxMs, Math.ceil(upper)));
        },
      ),
    );
  });

  it('from the first likely end on, never waits more than 7.8 % of the age (0.8 of the lag allowance)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: FIRST_END, max: 3600_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (age, draw) => {
          expect(nextPollDelay(age, FIRST_END, options, () => draw)).toBeLessThanOrEqual(
            Math.max(options.minMs, Math.ceil(0.078 * age)),
          );
        },
      ),
    );
  });

  it('asks a job whose own run forecasts its end one dense step after the 1st percentile, or just after a sharp forecast’s 99th', () => {
    const log = Math.log(40_000);
    // Spread 10 %: 40 s × e^(−2.326 × 0.1) × 1.078.
    expect(ownFirstEnd({ log, spread: 0.1 }, options)).toBeCloseTo(40_000 * Math.exp(-0.23263) * 1.078, 3);
    // Spread 1 %: the 99th percentile (40.94 s) comes before that (40.24 s × 1.078).
    expect(ownFirstEnd({ log, spread: 0.01 }, options)).toBeCloseTo(40_000 * Math.exp(0.023263), 3);
  });

  it('moves a wait to a job’s own forecast end earlier by no more than 5 % of one dense step', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 30_000 }),
        (draw, age) => {
          const wait = nextPollDelay(age, FIRST_END, options, () => draw, true);
          const base = FIRST_END - age;
          expect(wait).toBeLessThanOrEqual(base);
          expect(wait).toBeGreaterThanOrEqual(Math.floor(base - 0.05 * 0.078 * FIRST_END));
        },
      ),
    );
    // The same wait to a kind's first likely end may come 5 % of itself earlier.
    expect(nextPollDelay(0, FIRST_END, options, () => 1)).toBe(38_000);
  });

  it('backs off with full jitter in [0, min(5 min, 1 s · 2^(n − 1)))', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (failures, draw) => {
          const ceiling = Math.min(300_000, 1000 * 2 ** (failures - 1));
          const delay = errorDelay(failures, options, () => draw);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThan(ceiling);
        },
      ),
    );
    expect(errorDelay(1, options, () => 0.5)).toBe(500);
    expect(errorDelay(4, options, () => 0.5)).toBe(4_000);
    expect(errorDelay(30, options, () => 0.5)).toBe(150_000);
  });
});
