// The learned-durations model: quantiles per project and type, a bounded window, when a job of a kind may
// first end, and the ETA's remaining time (the median of the longer jobs minus the age; never negative).
import { describe, expect, it } from 'vitest';
import { DurationModel } from '../../electron/core/jobs/durations';
import type { DurationKey } from '../../electron/core/jobs/poll-types';
import { seededRandom } from '../fixtures/fake-time';

const VIDEO: DurationKey = { projectId: 'p-1', jobType: 'video' };
const TTS: DurationKey = { projectId: 'p-1', jobType: 'tts' };

function modelWith(key: DurationKey, durations: number[], options = {}): DurationModel {
  const model = new DurationModel(options);
  for (const duration of durations) model.record(key, duration);
  return model;
}

describe('DurationModel', () => {
  it('knows nothing with fewer than three samples', () => {
    const model = modelWith(VIDEO, [1000, 2000]);
    expect(model.estimate(VIDEO)).toBeNull();
    expect(model.expectedRemainingMs(VIDEO, 0)).toBeNull();
    expect(model.count(VIDEO)).toBe(2);
    model.record(VIDEO, 3000);
    expect(model.estimate(VIDEO)).toEqual({ p05: 1100, median: 2000, p95: 2900, count: 3 });
  });

  it('answers quantiles by linear interpolation, whatever the recording order', () => {
    const durations = Array.from({ length: 101 }, (_, index) => index * 100);
    const model = modelWith(VIDEO, [...durations].reverse());
    expect(model.estimate(VIDEO)).toEqual({ p05: 500, median: 5000, p95: 9500, count: 101 });
  });

  it('keeps project and type apart', () => {
    const model = modelWith(VIDEO, [10_000, 10_000, 10_000]);
    for (const duration of [1000, 1000, 1000]) model.record(TTS, duration);
    expect(model.estimate(VIDEO)?.median).toBe(10_000);
    expect(model.estimate(TTS)?.median).toBe(1000);
    expect(model.estimate({ projectId: 'p-2', jobType: 'video' })).toBeNull();
  });

  it('keeps only the most recent window of samples per key', () => {
    const model = modelWith(
      VIDEO,
      Array.from({ length: 250 }, (_, index) => index),
    );
    const estimate = model.estimate(VIDEO)!;
    expect(estimate.count).toBe(200);
    // The oldest 50 (0…49) fell out of the window.
    expect(estimate.p05).toBeCloseTo(50 + 0.05 * 199, 6);
    expect(model.count(VIDEO)).toBe(200);
    const small = modelWith(VIDEO, [5, 1, 2, 3], { window: 3 });
    expect(small.estimate(VIDEO)).toMatchObject({ count: 3, median: 2 });
  });

  it('loads samples in bulk, the newest winning the window', () => {
    const model = new DurationModel({ window: 3 });
    model.load([
      { key: VIDEO, durationMs: 100 },
      { key: VIDEO, durationMs: 200 },
      { key: TTS, durationMs: 7 },
      { key: VIDEO, durationMs: 300 },
      { key: VIDEO, durationMs: 400 },
    ]);
    expect(model.estimate(VIDEO)).toMatchObject({ median: 300, count: 3 });
    expect(model.count(TTS)).toBe(1);
  });

  it('drops impossible durations', () => {
    const model = modelWith(VIDEO, [Number.NaN, -5, Infinity, 100, 200, 300]);
    expect(model.estimate(VIDEO)).toMatchObject({ count: 3, median: 200 });
  });

  it('forecasts the remaining time from the jobs that ran longer than this one', () => {
    const model = modelWith(VIDEO, [10_000, 20_000, 30_000, 40_000, 50_000]);
    // Fresh: the plain median.
    expect(model.expectedRemainingMs(VIDEO, 0)).toBe(30_000);
    // At 25 s, only 30, 40 and 50 s are still possible: median 40 s, 15 s to go.
    expect(model.expectedRemainingMs(VIDEO, 25_000)).toBe(15_000);
    // At exactly 40 s, the jobs that took 40 s are over: only 50 s remains.
    expect(model.expectedRemainingMs(VIDEO, 40_000)).toBe(10_000);
    expect(model.outlived(VIDEO, 40_000)).toBe(false);
  });

  it('says it does not know (null) once the job has outlived every sample, never a negative time', () => {
    const model = modelWith(VIDEO, [10_000, 20_000, 30_000]);
    expect(model.expectedRemainingMs(VIDEO, 30_000)).toBeNull();
    expect(model.expectedRemainingMs(VIDEO, 99_000)).toBeNull();
    expect(model.outlived(VIDEO, 30_000)).toBe(true);
    expect(model.outlived(TTS, 1e9)).toBe(false);
    for (let age = 0; age < 30_000; age += 777) {
      expect(model.expectedRemainingMs(VIDEO, age)).toBeGreaterThan(0);
    }
  });

  it('says when a job of the kind may first end: about the 5th percentile of its log-normal durations, well known', () => {
    const random = seededRandom(11);
    const sigma = Math.sqrt(Math.log(1 + 0.3 * 0.3));
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const model = new DurationModel();
    expect(model.firstEndMs(VIDEO)).toBeNull();
    for (let index = 0; index < 200; index += 1) model.record(VIDEO, 60_000 * Math.exp(sigma * normal()));
    // Φ⁻¹(0.05) = −1.645: 60 s · e^(−1.645 σ) = 37.0 s.
    const truth = 60_000 * Math.exp(-1.6449 * sigma);
    expect(model.firstEndMs(VIDEO)! / truth).toBeGreaterThan(0.92);
    expect(model.firstEndMs(VIDEO)! / truth).toBeLessThan(1.08);
  });

  it('forecasts an earlier first end from few samples than from many alike (the centre is less sure)', () => {
    const few = modelWith(VIDEO, [50_000, 60_000, 72_000]);
    const many = modelWith(VIDEO, Array.from({ length: 30 }, () => [50_000, 60_000, 72_000]).flat());
    expect(few.firstEndMs(VIDEO)!).toBeLessThan(0.95 * many.firstEndMs(VIDEO)!);
    expect(many.firstEndMs(VIDEO)!).toBeLessThan(50_000);
  });

  it('borrows the spread of the other keys while a key has seen little of its own', () => {
    const alone = modelWith(VIDEO, [60_000, 60_000, 60_000]);
    // Nothing says these jobs ever vary: the first poll at their one duration.
    expect(alone.firstEndMs(VIDEO)).toBeCloseTo(60_000, 0);
    const shared = modelWith(VIDEO, [60_000, 60_000, 60_000]);
    for (const duration of [700, 1000, 1400, 800, 1200, 1000, 650, 1500]) shared.record(TTS, duration);
    // Text to speech varies by ±30 % here: so may video, until its own samples say otherwise.
    expect(shared.firstEndMs(VIDEO)!).toBeLessThan(0.7 * 60_000);
    expect(shared.firstEndMs(VIDEO)!).toBeGreaterThan(0.3 * 60_000);
  });
});
