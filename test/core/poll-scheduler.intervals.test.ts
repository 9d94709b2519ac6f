// The scheduler's interval policy as pure functions: the sparse approach, the dense zone, the no-data
// geometric schedule, the jitter bounds and the capped full-jitter backoff, over many random draws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DurationEstimate } from '../../electron/core/jobs/durations';
import {
  DEFAULT_INTERVALS,
  baseDelay,
  errorDelay,
  nextPollDelay,
} from '../../electron/core/jobs/poll-intervals';

const ESTIMATE: DurationEstimate = { p05: 40_000, median: 60_000, p95: 90_000, count: 50 };
const options = DEFAULT_INTERVALS;

describe('poll intervals', () => {
  it('halves the distance to p05 while far from it, never finer than the dense zone’s first step', () => {
    expect(baseDelay(0, ESTIMATE, options)).toBe(20_000);
    expect(baseDelay(20_000, ESTIMATE, options)).toBe(10_000);
    expect(baseDelay(30_000, ESTIMATE, options)).toBe(5_000);
    // Half of the 5 s left would be 2.5 s, finer than the dense zone's first step (0.07 × 40 s = 2.8 s).
    expect(baseDelay(35_000, ESTIMATE, options)).toBeCloseTo(2_800, 6);
    // Closer than that step to p05, the dense zone has begun.
    expect(baseDelay(38_000, ESTIMATE, options)).toBeCloseTo(0.07 * 38_000, 6);
  });

  it('polls every 7 % of the age in the dense zone (1 s at least), and without data every 15 %', () => {
    expect(baseDelay(60_000, ESTIMATE, options)).toBeCloseTo(4_200, 6);
    expect(baseDelay(200_000, ESTIMATE, options)).toBeCloseTo(14_000, 6);
    expect(baseDelay(5_000, { p05: 4_000, median: 6_000, p95: 9_000, count: 3 }, options)).toBe(1_000);
    expect(baseDelay(0, null, options)).toBe(1_000);
    expect(baseDelay(100_000, null, options)).toBeCloseTo(15_000, 6);
  });

  it('keeps every jittered interval within ±10 % of its base (shorter only at the 1 s floor), capped at 60 s', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 3600_000 }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (age, withData, draw) => {
          const estimate = withData ? ESTIMATE : null;
          const base = baseDelay(age, estimate, options);
          const delay = nextPollDelay(age, estimate, options, () => draw);
          const upper = base <= options.minMs ? base : base * 1.1;
          expect(delay).toBeGreaterThanOrEqual(Math.min(options.maxMs, Math.floor(base * 0.9)));
          expect(delay).toBeLessThanOrEqual(Math.min(options.maxMs, Math.ceil(upper)));
        },
      ),
    );
  });

  it('in the dense zone, never waits more than 10 % of the age (the detection-lag goal)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: ESTIMATE.p05, max: 3600_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (age, draw) => {
          expect(nextPollDelay(age, ESTIMATE, options, () => draw)).toBeLessThanOrEqual(
            Math.max(options.minMs, 0.1 * age),
          );
        },
      ),
    );
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
