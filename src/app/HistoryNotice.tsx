// What the person must know about the job history file: a damaged file set aside at start, the file
// deleted, moved or made read-only while the app runs. Core words it (jobs:notice answers the latest, a
// history:notice event brings each new one); it stays above the screens until dismissed.
import { useEffect, useState } from 'react';
import { api, call } from '../lib/api';

export function HistoryNotice(): React.JSX.Element | null {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let unsubscribe: () => void = () => undefined;
    try {
      unsubscribe = api().on('history:notice', (payload) => setMessage(payload.message));
      void call(() => api().jobs.notice())
        .then((latest) => {
          // An event that came meanwhile is newer than the answer.
          if (live && latest.message) setMessage((shown) => shown ?? latest.message);
        })
        .catch(() => undefined);
    } catch {
      // No bridge: the app's first screen says so.
    }
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  if (!message) return null;
  return (
    <div className="history-notice notice notice-warning" role="alert">
      <span className="notice-icon" aria-hidden="true">
        !
      </span>
      <div className="notice-body">
        <p className="notice-title">Your job history</p>
        <p className="notice-text">{message}</p>
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-icon notice-close"
        aria-label="Dismiss the notice about the job history"
        onClick={() => setMessage(null)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
