// What the jobs of one project and type usually take, learned from the ones that finished: quantiles for
// the poll scheduler's intervals and the remaining time for the queue's ETA. Pure: no I/O, no clock.
import type { DurationKey, DurationSample } from './poll-types';

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

/** A fixed-size ring of one key's recent durations, with its sorted copy cached until the next write. */
class KeySamples {
  private readonly ring: number[] = [];
  private next = 0;
  private sortedCache: number[] | null = null;

  constructor(private readonly window: number) {}

  add(durationMs: number): void {
    if (this.ring.length < this.window) this.ring.push(durationMs);
    else this.ring[this.next] = durationMs;
    this.next = (this.next + 1) % this.window;
    this.sortedCache = null;
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

function keyOf(key: DurationKey): string {
  // NUL cannot occur in a project id or job type the service hands out, so the pair cannot collide.
  return `${key.projectId}\u0000${key.jobType}`;
}

export class DurationModel {
  private readonly keys = new Map<string, KeySamples>();
  private readonly window: number;
  private readonly minSamples: number;

  constructor(options: DurationModelOptions = {}) {
    this.window = Math.max(1, Math.floor(options.window ?? DEFAULT_DURATION_WINDOW));
    this.minSamples = Math.max(1, Math.floor(options.minSamples ?? DEFAULT_MIN_SAMPLES));
  }

  /** Learns one finished job's duration. Negative, NaN and infinite values are dropped (clock trouble). */
  record(key: DurationKey, durationMs: number): void {
    if (!Number.isFinite(durationMs) || durationMs < 0) return;
    const id = keyOf(key);
    let samples = this.keys.get(id);
    if (!samples) {
      samples = new KeySamples(this.window);
      this.keys.set(id, samples);
    }
    samples.add(durationMs);
  }

  /** Bulk learning from the history at start, oldest first (so that the newest stay in the window). */
  load(samples: Iterable<DurationSample>): void {
    for (const sample of samples) this.record(sample.key, sample.durationMs);
  }

  /** Samples held for the key (0 when none). */
  count(key: DurationKey): number {
    return this.keys.get(keyOf(key))?.count ?? 0;
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

  private sortedOf(key: DurationKey): readonly number[] | null {
    const samples = this.keys.get(keyOf(key));
    return samples && samples.count >= this.minSamples ? samples.sorted() : null;
  }
}
