// The active account's credit balance, always in the header; read again after every change from main.
import { Spinner } from '../../components/Spinner';
import { useCreditsStore } from './credits-store';

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

export function CreditBalance(): React.JSX.Element | null {
  const { accountId, credits, error, loading, refresh } = useCreditsStore();
  if (!accountId) return null;
  return (
    <div className="credits" aria-live="polite" aria-atomic="true" data-testid="credits">
      <span className="credits-label">Credits</span>
      {credits !== null ? (
        <span className="credits-value" data-credits={credits}>
          {numberFormat.format(credits)}
        </span>
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
