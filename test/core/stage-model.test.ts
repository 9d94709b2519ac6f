// What the states a job is seen in say about its end: ratios learned per kind and state from finished
// jobs, forecasts for running ones, and nothing where the states say nothing.
import { describe, expect, it } from 'vitest';
import { STAGE_MIN_SAMPLES, STAGE_WINDOW, StageModel } from '../../electron/core/jobs/stage-model';
import type { DurationKey } from '../../electron/core/jobs/poll-types';

const KEY: DurationKey = { projectId: 'project-1', jobType: 'video' };
const OTHER: DurationKey = { projectId: 'project-2', jobType: 'video' };

const seen = (states: Record<string, number>) => new Map(Object.entries(states));

/** One finished job of `key`, seen in STARTED at `share` of its run and in IN_PROGRESS at 35 %. */
function finish(model: StageModel, key: DurationKey, durationMs: number, share = 0.15): void {
  model.learn(key, seen({ STARTED: share * durationMs, IN_PROGRESS: 0.35 * durationMs }), durationMs);
}

describe('StageModel', () => {
  it('forecasts a job’s end from the start of its state, once enough jobs of its kind have finished', () => {
    const model = new StageModel();
    for (let index = 0; index < STAGE_MIN_SAMPLES - 1; index += 1) finish(model, KEY, 20_000 + index * 7_000);
    const open = seen({ STARTED: 6_000 });
    expect(model.forecast(KEY, open)).toBeNull();
    expect(model.sharpest(KEY)).toBeNull();
    finish(model, KEY, 50_000);
    const forecast = model.forecast(KEY, open)!;
    // Seen STARTED 6 s into its run, at 15 % of every run before it: it ends near 40 s.
    expect(Math.exp(forecast.log)).toBeCloseTo(40_000, -1);
    expect(forecast.spread).toBeLessThan(0.05);
    // Another kind has learned nothing.
    expect(model.forecast(OTHER, open)).toBeNull();
  });

  it('uses the sharpest of the states a job was seen in', () => {
    const model = new StageModel();
    let state = 7;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    // STARTED begins anywhere in the first third of the run; IN_PROGRESS at 35 % exactly.
    for (let index = 0; index < 30; index += 1)
      finish(model, KEY, 30_000 + index * 1_000, 0.02 + 0.3 * random());
    const forecast = model.forecast(KEY, seen({ STARTED: 5_000, IN_PROGRESS: 14_000 }))!;
    expect(Math.exp(forecast.log)).toBeCloseTo(40_000, -2);
    expect(model.sharpest(KEY)).toBeCloseTo(forecast.spread, 10);
    // STARTED alone forecasts too, far less sharply.
    expect(model.forecast(KEY, seen({ STARTED: 5_000 }))!.spread).toBeGreaterThan(5 * forecast.spread);
  });

  it('learns nothing from a state that begins at the creation, nor from one that began after the end', () => {
    const model = new StageModel();
    for (let index = 0; index < 10; index += 1) {
      model.learn(KEY, seen({ QUEUED: 0, STARTED: 0.01 * 30_000, IN_PROGRESS: 31_000 }), 30_000);
    }
    expect(model.sharpest(KEY)).toBeNull();
    expect(model.forecast(KEY, seen({ IN_PROGRESS: 10_000 }))).toBeNull();
  });

  it('ignores clock trouble: a duration that is not a number, a state without a start', () => {
    const model = new StageModel();
    for (let index = 0; index < 10; index += 1) {
      model.learn(KEY, seen({ STARTED: 1_000 }), Number.POSITIVE_INFINITY);
      model.learn(KEY, seen({ STARTED: Number.NaN }), 10_000);
      model.learn(KEY, seen({ STARTED: 1_000 }), -1);
    }
    expect(model.sharpest(KEY)).toBeNull();
    for (let index = 0; index < 10; index += 1) finish(model, KEY, 10_000);
    expect(model.forecast(KEY, seen({ STARTED: 0 }))).toBeNull();
    expect(model.forecast(KEY, seen({ STARTED: Number.NaN }))).toBeNull();
  });

  it('trusts a few jobs less than many that vary as much', () => {
    const few = new StageModel();
    const many = new StageModel();
    const shares = [0.3, 0.35, 0.4];
    for (let index = 0; index < 60; index += 1) {
      const states = seen({ IN_PROGRESS: shares[index % 3]! * 40_000 });
      if (index < 6) few.learn(KEY, states, 40_000);
      many.learn(KEY, states, 40_000);
    }
    expect(few.sharpest(KEY)!).toBeGreaterThan(1.3 * many.sharpest(KEY)!);
  });

  it('follows the newest jobs of a kind when its states move', () => {
    const model = new StageModel();
    for (let index = 0; index < STAGE_WINDOW; index += 1) finish(model, KEY, 40_000, 0.15);
    for (let index = 0; index < STAGE_WINDOW; index += 1) finish(model, KEY, 40_000, 0.3);
    // STARTED now begins at 30 % of the run: 9 s in means about 30 s in all (at 15 % it would say 60 s).
    expect(Math.exp(model.forecast(KEY, seen({ STARTED: 9_000 }))!.log)).toBeCloseTo(30_000, -2);
  });
  it('is not thrown off by one odd record: ratios far from the median are left out', () => {
    const model = new StageModel();
    for (let index = 0; index < 20; index += 1) finish(model, KEY, 30_000 + index * 1_000);
    // Its end's updated_at moved on by a later PUT: a ratio of 28.6 where the others say 2.9.
    model.learn(KEY, seen({ IN_PROGRESS: 14_000 }), 400_000);
    const forecast = model.forecast(KEY, seen({ IN_PROGRESS: 14_000 }))!;
    expect(Math.exp(forecast.log)).toBeCloseTo(40_000, -2);
    expect(model.sharpest(KEY)).toBeLessThan(0.05);
  });
});
