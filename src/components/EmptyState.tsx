// A calm placeholder for a list or panel with nothing to show yet, saying what will fill it.
import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }): React.JSX.Element {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children ? <div className="empty-state-text">{children}</div> : null}
    </div>
  );
}
