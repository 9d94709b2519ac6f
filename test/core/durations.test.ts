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

  it('moves the first end later while the jobs of a wave still run past it, and forgets each job that ended', () => {
    // The first three of a wave to finish are its shortest: alone, they say too early a first end.
    const model = modelWith(VIDEO, [40_000, 44_000, 48_000]);
    const fromFinished = model.firstEndMs(VIDEO)!;
    // A hundred more of the kind were each seen still running at that age: they take at least that long.
    for (let index = 0; index < 100; index += 1) model.running(VIDEO, `job-${index}`, fromFinished);
    const withRunning = model.firstEndMs(VIDEO)!;
    expect(withRunning).toBeGreaterThan(1.04 * fromFinished);
    // Never past what the finished jobs themselves took (the centre moves up, the 5 % quantile stays below).
    expect(withRunning).toBeLessThan(40_000);
    // Seen again later, a job counts at its older age; seen younger (an answer out of order), it does not go back.
    model.running(VIDEO, 'job-0', 2 * fromFinished);
    model.running(VIDEO, 'job-0', fromFinished / 2);
    expect(model.firstEndMs(VIDEO)!).toBeGreaterThan(withRunning);
    // Jobs that ended (their durations recorded apart) or are no longer followed stop counting.
    for (let index = 0; index < 100; index += 1) model.ended(VIDEO, `job-${index}`);
    expect(model.firstEndMs(VIDEO)).toBeCloseTo(fromFinished, 6);
    // Other kinds are untouched.
    model.running(TTS, 'tts-1', 1_000_000);
    expect(model.firstEndMs(VIDEO)).toBeCloseTo(fromFinished, 6);
  });

  it('counts a job running for hours as the longest finished one: one stuck job moves the first end only so far', () => {
    const model = modelWith(VIDEO, [40_000, 44_000, 48_000]);
    model.running(VIDEO, 'stuck', 5 * 3_600_000);
    const stuck = model.firstEndMs(VIDEO)!;
    model.ended(VIDEO, 'stuck');
    model.running(VIDEO, 'an-hour', 3_600_000);
    expect(model.firstEndMs(VIDEO)).toBeCloseTo(stuck, 6);
    expect(stuck).toBeLessThan(40_000);
    // Knowing nothing yet (fewer than three finished), running jobs alone say nothing either.
    const fresh = new DurationModel();
    fresh.running(VIDEO, 'job-1', 30_000);
    expect(fresh.firstEndMs(VIDEO)).toBeNull();
    expect(fresh.count(VIDEO)).toBe(0);
  });

  it('forecasts the first end of a wave closer to the truth when it counts the jobs still running', () => {
    // The bench's cold start: six jobs of the kind, three finished (the shortest), a wave of 140 created
    // together and polled at the first end the finished alone gave (those that ended by then learned).
    // Over many draws, the running jobs bring the forecast nearer the true 5th percentile.
    const sigma = Math.sqrt(Math.log(1 + 0.3 * 0.3));
    const truth = 60_000 * Math.exp(-1.6449 * sigma);
    const random = seededRandom(5);
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    let before = 0;
    let after = 0;
    const rounds = 200;
    for (let round = 0; round < rounds; round += 1) {
      const six = Array.from({ length: 6 }, () => 60_000 * Math.exp(sigma * normal())).sort((a, b) => a - b);
      const model = modelWith(VIDEO, six.slice(0, 3));
      const first = model.firstEndMs(VIDEO)!;
      for (const [index, duration] of six.slice(3).entries()) model.running(VIDEO, `warm-${index}`, duration);
      const wave = Array.from({ length: 140 }, () => 60_000 * Math.exp(sigma * normal()));
      // At the first poll, the jobs that had ended are learned; the others are seen running.
      for (const [index, duration] of wave.entries()) {
        if (duration > first) model.running(VIDEO, `wave-${index}`, first);
        else model.record(VIDEO, duration);
      }
      before += Math.log(first / truth);
      after += Math.log(model.firstEndMs(VIDEO)! / truth);
    }
    // Measured: 0.86 of the truth from the finished alone, 0.94 with the running counted.
    expect(Math.exp(after / rounds)).toBeGreaterThan(1.05 * Math.exp(before / rounds));
    expect(Math.exp(after / rounds)).toBeLessThan(1);
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
