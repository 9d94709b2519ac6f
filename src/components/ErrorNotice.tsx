// An error said plainly: what happened, what to do, and (when it helps) a button to try again.
import type { ReactNode } from 'react';

interface ErrorNoticeProps {
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  /** An id for the title, so that what the error concerns (a list, say) can point to it as its description. */
  titleId?: string;
}

export function ErrorNotice({
  title,
  children,
  onRetry,
  retryLabel = 'Try again',
  titleId,
}: ErrorNoticeProps): React.JSX.Element {
  return (
    <div className="notice notice-error" role="alert">
      <span className="notice-icon" aria-hidden="true">
        !
      </span>
      <div className="notice-body">
        <p className="notice-title" id={titleId}>
          {title}
        </p>
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
