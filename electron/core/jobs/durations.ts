// What the jobs of one project and type usually take, learned from the ones that finished and from the ones
// still running (each has run at least as long as its last poll saw): when a job of the kind may first end
// (the poll scheduler's first poll), quantiles, and the remaining time for the queue's ETA. Pure: no I/O,
// no clock.
import { durationKeyId } from './duration-key';
import type { DurationKey, DurationSample } from './poll-types';
import { StageModel, quantileOf } from './stage-model';
import type { LogForecast } from './stage-model';

export interface DurationEstimate {
  /** 5 % of the recent jobs of this key finished faster than this (ms). */
  readonly p05: number;
  readonly median: number;
  readonly p95: number;
  /** Samples behind the estimate (at most the window). */
  readonly count: number;
}

export interface DurationModelOptions {
  /** Samples kept per key, the newest win (default 200): a project's durations drift when it changes. */
  window?: number;
  /** With fewer samples than this the model says it does not know (default 3). */
  minSamples?: number;
}

export const DEFAULT_DURATION_WINDOW = 200;
export const DEFAULT_MIN_SAMPLES = 3;
/**
 * The share of jobs allowed to end before their first poll, once the durations of their kind are well
 * known: the detection goal is met at the 95th percentile, so up to 5 % may be seen late (and the jobs that
 * end just before their first poll are still seen in time).
 */
export const FIRST_END_SHARE = 0.05;
/** The standard normal's FIRST_END_SHARE quantile (Φ⁻¹(0.05)). */
export const FIRST_END_Z = -1.6449;
/**
 * With n samples the forecast's spread is widened by √(1 + FEW_SAMPLES_WIDENING / n): the uncertainty of
 * the fitted centre (1 / n, a forecast's own) and a margin for the spread's, so that a kind known from a
 * handful of jobs is not polled late more often than 5 % of the time from one run to the next (3 samples:
 * the 0.6th percentile; 6: the 1.7th; 20: the 3.6th; 200: the 4.8th).
 */
const FEW_SAMPLES_WIDENING = 4;
/**
 * Weight, in samples, of the spread every key of the model shows together against one key's own: run
 * times of one service vary alike from one project to the next, and three samples say little of a spread.
 */
const POOLED_SPREAD_WEIGHT = 10;
/** The spread assumed before any key has two samples (a coefficient of variation of about 0.5). */
const DEFAULT_LOG_VARIANCE = 0.22;

/**
 * Running jobs are counted by their age in steps of this much of a logarithm (2 %), each at its step's
 * lower edge (a little less than it has run: never more), so that the fit costs the number of distinct
 * ages, not of jobs (10,000 open jobs are a few hundred steps at most).
 */
const AGE_STEP = 0.02;
/** How far above the finished jobs' own mean running jobs may move the fitted centre, in spreads. */
const MAX_CENTRE_SHIFT = 4;

/** Durations are compared in logarithms (run times are log-normal-like); below 1 ms is 1 ms. */
const logOf = (durationMs: number) => Math.log(Math.max(1, durationMs));

/**
 * A fixed-size ring of one key's recent durations, with its sorted copy cached until the next write, and
 * the sums of their logarithms (for the log-normal fit) kept as samples come and go.
 */
class KeySamples {
  private readonly ring: number[] = [];
  private next = 0;
  private sortedCache: number[] | null = null;
  private sumLog = 0;
  private sumLogSquared = 0;
  /** Each running job's age step (see AGE_STEP), and how many running jobs are at each step. */
  private readonly runningStep = new Map<string, number>();
  readonly runningPerStep = new Map<number, number>();
  /** fittedCentre's answer for a spread, until a sample or a running job's step changes. */
  fit: { spread: number; centre: Centre } | null = null;

  constructor(private readonly window: number) {}

  /** The job was seen running at this age (an older age replaces its younger one). */
  running(jobId: string, ageMs: number): void {
    const step = Math.floor(logOf(ageMs) / AGE_STEP);
    const before = this.runningStep.get(jobId);
    if (before !== undefined && before >= step) return;
    if (before !== undefined) this.leave(before);
    this.fit = null;
    this.runningStep.set(jobId, step);
    this.runningPerStep.set(step, (this.runningPerStep.get(step) ?? 0) + 1);
  }

  /** The job ended, or is no longer followed: it is no longer counted as running. */
  ended(jobId: string): void {
    const step = this.runningStep.get(jobId);
    if (step === undefined) return;
    this.runningStep.delete(jobId);
    this.leave(step);
    this.fit = null;
  }

  /** The largest finished duration's logarithm. */
  get maxLog(): number {
    const sorted = this.sorted();
    return logOf(sorted[sorted.length - 1] ?? 1);
  }

  private leave(step: number): void {
    const left = (this.runningPerStep.get(step) ?? 1) - 1;
    if (left > 0) this.runningPerStep.set(step, left);
    else this.runningPerStep.delete(step);
  }

  add(durationMs: number): void {
    if (this.ring.length < this.window) this.ring.push(durationMs);
    else {
      const old = logOf(this.ring[this.next] ?? 1);
      this.sumLog -= old;
      this.sumLogSquared -= old * old;
      this.ring[this.next] = durationMs;
    }
    const log = logOf(durationMs);
    this.sumLog += log;
    this.sumLogSquared += log * log;
    this.next = (this.next + 1) % this.window;
    this.sortedCache = null;
    this.fit = null;
  }

  /** Mean of the logarithms. */
  get logMean(): number {
    return this.sumLog / Math.max(1, this.ring.length);
  }

  /** Sum of squared deviations of the logarithms from their mean (never negative). */
  get logSquares(): number {
    const n = this.ring.length;
    return n < 2 ? 0 : Math.max(0, this.sumLogSquared - (this.sumLog * this.sumLog) / n);
  }

  get count(): number {
    return this.ring.length;
  }

  /** The scheduler asks after every poll; sorting once per new sample keeps that O(1). */
  sorted(): readonly number[] {
    this.sortedCache ??= [...this.ring].sort((a, b) => a - b);
    return this.sortedCache;
  }
}

/** Linear interpolation between closest ranks (R's type 7) over sorted[from..]. */
function quantile(sorted: readonly number[], q: number, from = 0): number {
  const n = sorted.length - from;
  const position = from + q * (n - 1);
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, sorted.length - 1);
  const low = sorted[lower] ?? 0;
  const high = sorted[upper] ?? low;
  return low + (high - low) * (position - lower);
}

/** Index of the first value strictly greater than `value`. */
function upperBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? Infinity) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** erfc(x) for x ≥ 0, within 1.5e-7 (Abramowitz and Stegun, 7.1.26). */
function erfc(x: number): number {
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return poly * Math.exp(-x * x);
}

/**
 * The standard normal's hazard φ(z) / (1 − Φ(z)): how strongly surviving to z speaks for a later centre.
 * Far in the tail, where 1 − Φ(z) is too small for erfc's absolute error, through Laplace's continued
 * fraction of the ratio itself.
 */
function normalHazard(z: number): number {
  if (z > 3) {
    let fraction = z;
    for (let k = 24; k >= 1; k -= 1) fraction = z + k / fraction;
    return fraction;
  }
  const density = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
  const tail = z >= 0 ? erfc(z / Math.SQRT2) / 2 : 1 - erfc(-z / Math.SQRT2) / 2;
  return density / tail;
}

/** The fitted centre, and how many finished jobs the evidence behind it is worth (for its uncertainty). */
interface Centre {
  readonly log: number;
  readonly worth: number;
}

/**
 * The centre (mean of the logarithms) that best explains both the finished jobs and the running ones (a
 * log-normal fit with censored samples, the spread held): the finished alone say too early a centre while
 * the first of a wave finish and the rest still run. Its worth is the fit's Fisher information in finished
 * jobs (each finished job is worth 1, a running one λ(λ − z), little while it is young): a centre that a
 * hundred running jobs confirm is less uncertain than one three finished jobs give. A running job older than
 * every finished one counts as having run as long as the longest of them (a job stuck on the service for
 * hours would otherwise move every forecast of its kind), and the centre moves up at most MAX_CENTRE_SHIFT
 * spreads. Solved by bisection: the score falls as the centre rises.
 */
function fittedCentre(samples: KeySamples, spread: number): Centre {
  const mean = samples.logMean;
  const n = samples.count;
  if (samples.runningPerStep.size === 0 || !(spread > 0)) return { log: mean, worth: n };
  const ceiling = samples.maxLog;
  const running: Array<[number, number]> = [];
  for (const [step, count] of samples.runningPerStep) {
    running.push([Math.min(step * AGE_STEP, ceiling), count]);
  }
  const score = (centre: number) => {
    let pull = 0;
    for (const [log, count] of running) pull += count * normalHazard((log - centre) / spread);
    return n * (mean - centre) + spread * pull;
  };
  let low = mean;
  let high = mean + MAX_CENTRE_SHIFT * spread;
  if (score(high) >= 0) low = high;
  else {
    for (let round = 0; round < 30; round += 1) {
      const middle = (low + high) / 2;
      if (score(middle) > 0) low = middle;
      else high = middle;
    }
  }
  let worth = n;
  for (const [log, count] of running) {
    const z = (log - low) / spread;
    const hazard = normalHazard(z);
    worth += count * hazard * (hazard - z);
  }
  return { log: low, worth };
}

export class DurationModel {
  /** What the states a job is seen in say about its end (learned apart: no history holds them). */
  readonly stages = new StageModel();
  private readonly keys = new Map<string, KeySamples>();
  private readonly window: number;
  private readonly minSamples: number;
  /** pooledLogVariance's answer until the next sample. */
  private pooledCache: number | null = null;

  constructor(options: DurationModelOptions = {}) {
    this.window = Math.max(1, Math.floor(options.window ?? DEFAULT_DURATION_WINDOW));
    this.minSamples = Math.max(1, Math.floor(options.minSamples ?? DEFAULT_MIN_SAMPLES));
  }

  /** Learns one finished job's duration. Negative, NaN and infinite values are dropped (clock trouble). */
  record(key: DurationKey, durationMs: number): void {
    if (!Number.isFinite(durationMs) || durationMs < 0) return;
    this.samplesOf(key).add(durationMs);
    this.pooledCache = null;
  }

  /**
   * A job of this key was seen still running at this age: it will take at least that long. Counted in the
   * first likely end until `ended` (the scheduler calls it for every job it stops following).
   */
  running(key: DurationKey, jobId: string, ageMs: number): void {
    if (!Number.isFinite(ageMs) || ageMs < 0) return;
    this.samplesOf(key).running(jobId, ageMs);
  }

  private samplesOf(key: DurationKey): KeySamples {
    const id = durationKeyId(key);
    let samples = this.keys.get(id);
    if (!samples) {
      samples = new KeySamples(this.window);
      this.keys.set(id, samples);
    }
    return samples;
  }

  /** The job finished (its duration `record`ed apart), was removed or is no longer followed. */
  ended(key: DurationKey, jobId: string): void {
    this.keys.get(durationKeyId(key))?.ended(jobId);
  }

  /** Bulk learning from the history at start, oldest first (so that the newest stay in the window). */
  load(samples: Iterable<DurationSample>): void {
    for (const sample of samples) this.record(sample.key, sample.durationMs);
  }

  /** Samples held for the key (0 when none). */
  count(key: DurationKey): number {
    return this.keys.get(durationKeyId(key))?.count ?? 0;
  }

  /** Quantiles of the key's recent durations, or null with fewer than `minSamples` samples. */
  estimate(key: DurationKey): DurationEstimate | null {
    const sorted = this.sortedOf(key);
    if (!sorted) return null;
    return {
      p05: quantile(sorted, 0.05),
      median: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      count: sorted.length,
    };
  }

  /**
   * When a job of this key may first end: the FIRST_END_SHARE quantile of a log-normal fitted to the
   * key's recent durations, as a forecast for the next job (widened for few samples, so that they give an
   * earlier time), with the spread shared with the model's other keys in
   * proportion to how little this key has seen, and its centre moved by the jobs still running (see
   * fittedCentre). Null with fewer than `minSamples` samples.
   */
  firstEndMs(key: DurationKey): number | null {
    return this.quantileMs(key, FIRST_END_Z);
  }

  /** The forecast's quantile at the standard normal's `z` (FIRST_END_Z: firstEndMs), or null. */
  quantileMs(key: DurationKey, z: number): number | null {
    const forecast = this.forecast(key);
    return forecast === null ? null : quantileOf(forecast, z);
  }

  /** The log-normal forecast of the next job of this key that firstEndMs draws from, or null. */
  forecast(key: DurationKey): LogForecast | null {
    const samples = this.keys.get(durationKeyId(key));
    if (!samples || samples.count < this.minSamples) return null;
    const n = samples.count;
    const variance =
      (samples.logSquares + POOLED_SPREAD_WEIGHT * this.pooledLogVariance()) / (n - 1 + POOLED_SPREAD_WEIGHT);
    const spread = Math.sqrt(variance);
    if (samples.fit?.spread !== spread) samples.fit = { spread, centre: fittedCentre(samples, spread) };
    const centre = samples.fit.centre;
    return { log: centre.log, spread: Math.sqrt(variance * (1 + FEW_SAMPLES_WIDENING / centre.worth)) };
  }

  /**
   * For the ETA: how much longer a job of this key that has run `ageMs` will likely take — the median of
   * the recent durations longer than its age, minus its age (always > 0). Null when the model does not
   * know: fewer than `minSamples` samples, or the job has outlived every one of them (see `outlived`), since
   * any number then would be a guess dressed as a forecast.
   */
  expectedRemainingMs(key: DurationKey, ageMs: number): number | null {
    const sorted = this.sortedOf(key);
    if (!sorted) return null;
    const age = Math.max(0, ageMs);
    const from = upperBound(sorted, age);
    if (from >= sorted.length) return null;
    return quantile(sorted, 0.5, from) - age;
  }

  /** The job has run longer than every recent job of its key ("taking longer than usual"). */
  outlived(key: DurationKey, ageMs: number): boolean {
    const sorted = this.sortedOf(key);
    return sorted !== null && ageMs >= (sorted[sorted.length - 1] ?? Infinity);
  }

  /** The log-variance of durations around their own key's mean, over every key with two samples or more. */
  private pooledLogVariance(): number {
    if (this.pooledCache !== null) return this.pooledCache;
    let squares = 0;
    let freedom = 0;
    for (const samples of this.keys.values()) {
      if (samples.count < 2) continue;
      squares += samples.logSquares;
      freedom += samples.count - 1;
    }
    this.pooledCache = freedom > 0 ? squares / freedom : DEFAULT_LOG_VARIANCE;
    return this.pooledCache;
  }

  private sortedOf(key: DurationKey): readonly number[] | null {
    const samples = this.keys.get(durationKeyId(key));
    return samples && samples.count >= this.minSamples ? samples.sorted() : null;
  }
}
