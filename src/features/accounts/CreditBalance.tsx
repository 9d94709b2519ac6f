// The active account's credit balance, always in the header; read again after every change from main. A low
// balance is said in words ("Low") with an icon, and explained on hover and to screen readers.
import { Spinner } from '../../components/Spinner';
import { averageCreditUsed } from '../jobs/job-selectors';
import { useJobsStore } from '../jobs/jobs-store';
import { useCreditsStore } from './credits-store';
import { balanceWarning } from './low-balance';

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

function LowBalance({
  credits,
  accountId,
}: {
  credits: number;
  accountId: string;
}): React.JSX.Element | null {
  const byId = useJobsStore((state) => state.byId);
  const warning = balanceWarning(credits, averageCreditUsed(byId, accountId));
  if (!warning) return null;
  return (
    <span className="credits-low" title={warning.text} data-testid="low-balance">
      <span aria-hidden="true">⚠</span> Low
      <span className="sr-only">. {warning.text}</span>
    </span>
  );
}

export function CreditBalance(): React.JSX.Element | null {
  const { accountId, credits, error, loading, refresh } = useCreditsStore();
  if (!accountId) return null;
  return (
    <div className="credits" aria-live="polite" aria-atomic="true" data-testid="credits">
      <span className="credits-label">Credits</span>
      {credits !== null ? (
        <>
          <span className="credits-value" data-credits={credits}>
            {numberFormat.format(credits)}
          </span>
          <LowBalance credits={credits} accountId={accountId} />
        </>
      ) : loading ? (
        <Spinner label="Reading the balance" />
      ) : error ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          title={error}
          onClick={() => void refresh(accountId)}
        >
          Unavailable · Retry
        </button>
      ) : (
        <span className="credits-value">—</span>
      )}
    </div>
  );
}
