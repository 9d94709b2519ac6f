// The active account's credit balance, always in the header; read again after every change from main. A low
// balance is said in words ("Low") with an icon, and explained on hover and to screen readers. A balance
// that cannot be read during an outage is a dash, not a second error.
import { Spinner } from '../../components/Spinner';
import { averageCreditUsed } from '../jobs/job-selectors';
import { useJobsStore } from '../jobs/jobs-store';
import { useCreditsStore } from './credits-store';
import { isOutage } from './account-state';
import { balanceWarning } from './low-balance';

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

function LowBalance({
  credits,
  accountId,
}: {
  credits: number;
  accountId: string;
}): React.JSX.Element | null {
  // A number, not the history: rendered again only when the average moves.
  const average = useJobsStore((state) => averageCreditUsed(state.byId, accountId));
  const warning = balanceWarning(credits, average);
  if (!warning) return null;
  return (
    <span className="credits-low" title={warning.text} data-testid="low-balance">
      <span aria-hidden="true">⚠</span> Low
      <span className="sr-only">. {warning.text}</span>
    </span>
  );
}

export function CreditBalance(): React.JSX.Element | null {
  const { accountId, credits, error, errorKind, loading, refresh } = useCreditsStore();
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
      ) : error && isOutage(errorKind) ? (
        // The outage is said once, where the person can act on it (Projects); it is read again when it ends.
        <span className="credits-value" title="Shown when the service can be reached again">
          —<span className="sr-only"> (unknown while the service can’t be reached)</span>
        </span>
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
