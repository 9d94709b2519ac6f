// An error said plainly: what happened, what to do, and (when it helps) a button to try again.
import type { ReactNode } from 'react';

interface ErrorNoticeProps {
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}

export function ErrorNotice({
  title,
  children,
  onRetry,
  retryLabel = 'Retry',
}: ErrorNoticeProps): React.JSX.Element {
  return (
    <div className="notice notice-error" role="alert">
      <span className="notice-icon" aria-hidden="true">
        !
      </span>
      <div className="notice-body">
        <p className="notice-title">{title}</p>
        {children ? <div className="notice-text">{children}</div> : null}
        {onRetry ? (
          <button type="button" className="btn btn-secondary btn-sm notice-action" onClick={onRetry}>
            {retryLabel}
          </button>
        ) : null}
      </div>
    </div>
  );
}
