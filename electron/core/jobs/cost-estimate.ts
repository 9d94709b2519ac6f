// What a project's next job is expected to cost: the median of what its latest successful jobs were
// charged (robust to one odd charge), with the range, or unknown when the history has none.
import type { CostEstimate } from '../../shared/domain/job';

export function estimateCost(charges: readonly number[]): CostEstimate {
  const sorted = charges.filter((charge) => Number.isFinite(charge) && charge >= 0).sort((a, b) => a - b);
  const at = (index: number) => sorted[index] ?? 0;
  if (sorted.length === 0) return { samples: 0, typical: null, low: null, high: null };
  const middle = Math.floor(sorted.length / 2);
  const typical = sorted.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
  return { samples: sorted.length, typical, low: at(0), high: at(sorted.length - 1) };
}
