// Before submitting: what the job is expected to cost (learned by core from this project's successful jobs
// in the history, or unknown), the balance after it, and a warning when the balance may not cover it.
import { useEffect, useState } from 'react';
import type { CostEstimate as Estimate } from '../../../electron/shared/domain/job';
import { api, call } from '../../lib/api';
import { useCreditsStore } from '../accounts/credits-store';

const credits = (n: number) =>
  `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(n)} ${n === 1 ? 'credit' : 'credits'}`;

/** `version` changes after each submit: a finished job may have taught core a new charge. */
export function CostEstimate({
  projectId,
  version,
}: {
  projectId: string;
  version: number;
}): React.JSX.Element | null {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const balance = useCreditsStore((state) => state.credits);

  useEffect(() => {
    let current = true;
    call(() => api().jobs.costEstimate({ projectId }))
      .then((value) => current && setEstimate(value))
      // Without an estimate the line is simply not shown: the form works the same.
      .catch(() => current && setEstimate(null));
    return () => {
      current = false;
    };
  }, [projectId, version]);

  if (!estimate) return null;
  const { typical, samples, low, high } = estimate;
  if (typical === null) {
    return (
      <p className="cost-estimate" data-testid="cost-estimate">
        Expected cost: unknown (no finished job of this project in the history yet).
      </p>
    );
  }
  const from =
    low !== null && high !== null && low !== high
      ? ` (${credits(low)} to ${credits(high)} over the last ${samples} jobs)`
      : ` (from ${samples === 1 ? 'the last job' : `the last ${samples} jobs`})`;
  const short = balance !== null && typical > balance;
  return (
    <div className="cost-estimate" data-testid="cost-estimate">
      <p>
        Expected cost: about <strong>{credits(typical)}</strong>
        {from}
        {balance !== null && !short ? `; balance after: ${credits(balance - typical)}.` : '.'}
      </p>
      {short ? (
        <p className="cost-warning" role="alert">
          Your balance ({credits(balance)}) may not cover this job. Add credits to the account first, or the
          service may refuse it.
        </p>
      ) : null}
    </div>
  );
}
