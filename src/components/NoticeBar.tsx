// The one place a screen says how its last action went: an error as an alert (with main's sentence), anything
// else as a polite status. Dismissable; the next action replaces it. Good news leaves by itself after a
// while; errors and warnings (e.g. jobs found lost) stay until dismissed.
import { useEffect, type ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice';

export interface NoticeData {
  tone: 'success' | 'info' | 'warning' | 'error';
  title: string;
  message: ReactNode;
}

const ICONS = { success: '✓', info: 'i', warning: '!' } as const;
const FADE_AFTER_MS = 10_000;

export function NoticeBar({
  notice,
  onDismiss,
}: {
  notice: NoticeData | null;
  onDismiss(): void;
}): React.JSX.Element {
  useEffect(() => {
    if (notice?.tone !== 'success' && notice?.tone !== 'info') return;
    const timer = setTimeout(onDismiss, FADE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [notice, onDismiss]);
  return (
    <div className="notice-bar" data-testid="notice-bar">
      {notice?.tone === 'error' ? (
        <ErrorNotice title={notice.title} onRetry={onDismiss} retryLabel="Dismiss">
          {notice.message}
        </ErrorNotice>
      ) : null}
      {/* Always present, so that screen readers hear what is put in it. */}
      <div role="status" aria-live="polite" aria-atomic="true">
        {notice && notice.tone !== 'error' ? (
          <div className={`notice notice-${notice.tone}`}>
            <span className="notice-icon" aria-hidden="true">
              {ICONS[notice.tone]}
            </span>
            <div className="notice-body">
              <p className="notice-title">{notice.title}</p>
              <p className="notice-text">{notice.message}</p>
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-icon notice-close"
              aria-label="Dismiss"
              onClick={onDismiss}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
