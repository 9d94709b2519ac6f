// Detection lag of finished jobs — from the service's final updated_at to the moment the poller knew —
// absolute and relative to each job's duration (updated_at − created_at), summarised by quantiles.
import type { Job } from '../../../electron/core/api';

export interface Outcome {
  readonly lagMs: number;
  readonly durationMs: number;
}

export function outcomeOf(job: Job, knownAt: number): Outcome | null {
  const created = Date.parse(job.created_at ?? '');
  const updated = Date.parse(job.updated_at ?? '');
  if (!Number.isFinite(created) || !Number.isFinite(updated)) return null;
  return { lagMs: Math.max(0, knownAt - updated), durationMs: updated - created };
}

/** Nearest-rank quantile. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

export interface LagSummary {
  p50Ms: number;
  p95Ms: number;
  /** Lag as a share of the job's duration. */
  p50Share: number;
  p95Share: number;
  /** p95 of lag / max(1 s, 10 % of duration): ≤ 1 meets the goal. */
  p95OfAllowance: number;
}

export function summarise(outcomes: readonly Outcome[]): LagSummary {
  const lags = outcomes.map((outcome) => outcome.lagMs);
  const shares = outcomes.map((outcome) => outcome.lagMs / Math.max(1, outcome.durationMs));
  const allowance = outcomes.map((outcome) => outcome.lagMs / Math.max(1000, 0.1 * outcome.durationMs));
  return {
    p50Ms: quantile(lags, 0.5),
    p95Ms: quantile(lags, 0.95),
    p50Share: quantile(shares, 0.5),
    p95Share: quantile(shares, 0.95),
    p95OfAllowance: quantile(allowance, 0.95),
  };
}
