// What a job's state says about when it will end. The service moves a job through QUEUED, STARTED and
// IN_PROGRESS before it ends, and a record's updated_at says when its present state began. Where a state
// begins at a steady share of the run (learned per kind from finished jobs, as the logarithm of duration ÷
// start of the state), a job seen in that state has its end forecast from its own run, not from the spread
// of its kind. Where it does not (a state's start says little about the end), the forecast is as wide as
// the learned ratios are, and the scheduler keeps to the durations alone. Pure: no I/O, no clock.
import { durationKeyId } from './duration-key';
import type { DurationKey } from './poll-types';

/** A forecast of a job's whole duration: log-normal, in the logarithm of milliseconds. */
export interface LogForecast {
  readonly log: number;
  /** Standard deviation of the logarithm, the forecast's own uncertainty included. */
  readonly spread: number;
}

/** Ratios kept per kind and state, the newest win: a project's workers change. */
export const STAGE_WINDOW = 100;
/** With fewer finished jobs than this, a state says nothing. */
export const STAGE_MIN_SAMPLES = 5;
/**
 * A state that began before this share of the run says too little to learn from (QUEUED begins at the
 * creation itself: its ratio is infinite).
 */
const MIN_SHARE = 0.02;
/**
 * No forecast is sharper than this (1 %): the service's timestamps are in milliseconds and its workers
 * take a moment to move a job on.
 */
const SPREAD_FLOOR = 0.01;

class Ratios {
  private readonly logs: number[] = [];
  private next = 0;
  private sum = 0;
  private squares = 0;

  add(log: number): void {
    if (this.logs.length < STAGE_WINDOW) this.logs.push(log);
    else {
      const old = this.logs[this.next] ?? 0;
      this.sum -= old;
      this.squares -= old * old;
      this.logs[this.next] = log;
      this.next = (this.next + 1) % STAGE_WINDOW;
    }
    this.sum += log;
    this.squares += log * log;
  }

  get count(): number {
    return this.logs.length;
  }

  /**
   * The ratio's mean, and the spread of a forecast drawn from it: the sample's own (never under the
   * floor), widened for the mean's uncertainty (√(1 + 1/n)) and for a spread known from few samples (the
   * ratio of Student's t to the normal at the 99th percentile, by Cornish–Fisher: 2.4 at 3 samples, 1.2 at
   * 10, 1.02 at 100).
   */
  forecast(): { mean: number; spread: number } | null {
    const n = this.logs.length;
    if (n < STAGE_MIN_SAMPLES) return null;
    const mean = this.sum / n;
    const variance = Math.max(0, (this.squares - n * mean * mean) / (n - 1));
    const spread = Math.max(Math.sqrt(variance), SPREAD_FLOOR);
    return { mean, spread: spread * Math.sqrt(1 + 1 / n) * studentWidening(n - 1) };
  }
}

const Z99 = 2.3263;

/** Student's t over the normal at the 99th percentile, ν degrees of freedom (Cornish–Fisher, two terms). */
function studentWidening(freedom: number): number {
  const z = Z99;
  const first = (z ** 3 + z) / (4 * freedom);
  const second = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * freedom * freedom);
  return (z + first + second) / z;
}

/** The states one job was seen in, each with when it began (ms into the run): the newest sighting wins. */
export type SeenStates = ReadonlyMap<string, number>;

export class StageModel {
  /** Per kind, per state: log(duration ÷ start of the state) of finished jobs. */
  private readonly ratios = new Map<string, Map<string, Ratios>>();

  /** A job of this kind ended after `durationMs`: each state it was seen in teaches its kind. */
  learn(key: DurationKey, seen: SeenStates, durationMs: number): void {
    if (!Number.isFinite(durationMs) || durationMs <= 0) return;
    const id = durationKeyId(key);
    let perState = this.ratios.get(id);
    for (const [status, startMs] of seen) {
      if (!(startMs >= MIN_SHARE * durationMs && startMs <= durationMs)) continue;
      if (!perState) {
        perState = new Map();
        this.ratios.set(id, perState);
      }
      let ratios = perState.get(status);
      if (!ratios) {
        ratios = new Ratios();
        perState.set(status, ratios);
      }
      ratios.add(Math.log(durationMs / startMs));
    }
  }

  /** The spread of the sharpest forecast some state of this kind gives, or null when none gives one. */
  sharpest(key: DurationKey): number | null {
    let sharpest: number | null = null;
    for (const ratios of this.ratios.get(durationKeyId(key))?.values() ?? []) {
      const spread = ratios.forecast()?.spread;
      if (spread !== undefined && (sharpest === null || spread < sharpest)) sharpest = spread;
    }
    return sharpest;
  }

  /** A job's duration as the sharpest of the states it was seen in forecasts it, or null. */
  forecast(key: DurationKey, seen: SeenStates): LogForecast | null {
    const perState = this.ratios.get(durationKeyId(key));
    if (!perState) return null;
    let best: LogForecast | null = null;
    for (const [status, startMs] of seen) {
      const ratio = startMs > 0 ? perState.get(status)?.forecast() : undefined;
      if (!ratio || (best && best.spread <= ratio.spread)) continue;
      best = { log: Math.log(startMs) + ratio.mean, spread: ratio.spread };
    }
    return best;
  }
}
