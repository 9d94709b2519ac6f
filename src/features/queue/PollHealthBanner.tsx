// Above the Queue while the service cannot be reached: the statuses shown are the last ones the service
// confirmed, said with since when it fails and when they were confirmed; core keeps trying in the background
// (its poll scheduler backs off and retries by itself), and "Try now" asks at once.
import { useEffect, useState } from 'react';
import type { PollHealth } from '../../../electron/shared/domain/poll-health';
import { api, call } from '../../lib/api';
import { useAccountsStore } from '../accounts/accounts-store';

const CLOCK = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const DAY_AND_CLOCK = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
/** The time alone for today ("14:02"); with its day otherwise ("25 Nov, 14:02"), or an old outage reads as new. */
const at = (iso: string) => {
  const when = new Date(iso);
  return when.toDateString() === new Date().toDateString() ? CLOCK.format(when) : DAY_AND_CLOCK.format(when);
};

/** The active account's poll health: read when it changes, then kept by main's events. */
function usePollHealth(): PollHealth | null {
  const activeId = useAccountsStore((state) => state.snapshot?.activeId ?? null);
  const [health, setHealth] = useState<PollHealth | null>(null);
  useEffect(() => {
    if (!activeId) return;
    let current = true;
    let off = () => {};
    try {
      off = api().on('jobs:pollHealth', (event) => {
        if (current && event.accountId === activeId) setHealth(event);
      });
    } catch {
      return;
    }
    call(() => api().jobs.pollHealth()).then(
      (value) =>
        current &&
        value.accountId === activeId &&
        setHealth((seen) => (seen?.accountId === activeId ? seen : value)),
      () => undefined, // no word: the grid's own error says when the history cannot be read
    );
    return () => {
      current = false;
      off();
    };
  }, [activeId]);
  // Another account's health is not this one's.
  return health !== null && health.accountId === activeId ? health : null;
}

export function PollHealthBanner(): React.JSX.Element | null {
  const health = usePollHealth();
  const [asking, setAsking] = useState(false);
  if (!health?.unreachableSince) return null;
  const asOf = health.confirmedAt
    ? `statuses as of ${at(health.confirmedAt)}`
    : 'the statuses shown are the last ones known';
  return (
    <div className="notice notice-warning poll-health" role="status" data-testid="poll-health">
      <div className="poll-health-text">
        <p>
          <strong>
            Can’t reach the service since {at(health.unreachableSince)} — {asOf}.
          </strong>{' '}
          Trying again in the background.
        </p>
        {health.reason ? <p className="poll-health-reason">{health.reason}</p> : null}
      </div>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={asking}
        onClick={() => {
          setAsking(true);
          void call(() => api().jobs.pollNow())
            .catch(() => undefined)
            .finally(() => setAsking(false));
        }}
      >
        Try now
      </button>
    </div>
  );
}
