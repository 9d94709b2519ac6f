// What a job's state says about when it will end. The service moves a job through QUEUED, STARTED and
// IN_PROGRESS before it ends; the spec does not say when, nor what updated_at means beyond "present on
// stored records", but a service (the sandbox among them) sets it when it moves a job on, so the first
// updated_at seen in a state is taken for that state's start, and the finished jobs say whether that was
// right. Where a state begins at a steady share of the run (learned per kind, as the logarithm of
// duration ÷ start of the state), a job seen in it has its end forecast from its own run, not from the
// spread of its kind. Where it does not, the forecast is as wide as the learned ratios are, and the
// scheduler keeps to the durations alone. Pure: no I/O, no clock.
import { durationKeyId } from './duration-key';
import type { DurationKey } from './poll-types';

/** A forecast of a job's whole duration: log-normal, in the logarithm of milliseconds. */
export interface LogForecast {
  readonly log: number;
  /** Standard deviation of the logarithm, the forecast's own uncertainty included. */
  readonly spread: number;
}

/** The standard normal's 99th percentile. */
export const Z99 = 2.3263;

/** The forecast's quantile at the standard normal's `z`, in ms. */
export function quantileOf(forecast: LogForecast, z: number): number {
  return Math.exp(forecast.log + z * forecast.spread);
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

/**
 * A ratio further than this from the kind's median (in logarithms: 1.65 times) is not the state's doing
 * but something else's (a PUT that moved the end's updated_at): left out of the centre and the spread.
 */
const OUTLIER_LOG = 0.5;

class Ratios {
  private readonly logs: number[] = [];
  private next = 0;
  /** forecast()'s answer until the next sample. */
  private cached: { mean: number; spread: number } | null | undefined;

  add(log: number): void {
    if (this.logs.length < STAGE_WINDOW) this.logs.push(log);
    else {
      this.logs[this.next] = log;
      this.next = (this.next + 1) % STAGE_WINDOW;
    }
    this.cached = undefined;
  }

  /**
   * The ratio's mean, and the spread of a forecast drawn from it, over the ratios near the median (one odd
   * record must neither shift every forecast of its kind nor switch them off). The spread is the sample's
   * own, never under the floor, widened for the mean's uncertainty (√(1 + 1/n)) and for a spread known
   * from few samples (Student's t over the normal at the 99th percentile, by Cornish–Fisher: 1.7 at 5
   * samples, 1.2 at 10, 1.02 at 100). Mean and variance rather than median and MAD: with five samples
   * the MAD is often far smaller than the spread, and a state that says nothing would pass for sharp.
   */
  forecast(): { mean: number; spread: number } | null {
    if (this.cached !== undefined) return this.cached;
    this.cached = null;
    if (this.logs.length < STAGE_MIN_SAMPLES) return null;
    const centre = median([...this.logs].sort((a, b) => a - b));
    const kept = this.logs.filter((log) => Math.abs(log - centre) <= OUTLIER_LOG);
    const n = kept.length;
    if (n < STAGE_MIN_SAMPLES) return null;
    const mean = kept.reduce((sum, log) => sum + log, 0) / n;
    const variance = kept.reduce((sum, log) => sum + (log - mean) ** 2, 0) / (n - 1);
    const spread = Math.max(Math.sqrt(variance), SPREAD_FLOOR);
    this.cached = { mean, spread: spread * Math.sqrt(1 + 1 / n) * studentWidening(n - 1) };
    return this.cached;
  }
}

function median(sorted: readonly number[]): number {
  const middle = sorted.length >> 1;
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

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
