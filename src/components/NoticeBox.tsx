// A notice inside a panel (not announced, unlike ErrorNotice's alert): a tone, a short title and its text.
import type { ReactNode } from 'react';

export function NoticeBox({
  tone,
  title,
  children,
}: {
  tone: 'info' | 'warning' | 'error';
  title: string;
  children: ReactNode;
}): React.JSX.Element {
  return (
    <div className={`notice notice-${tone}`}>
      <div className="notice-body">
        <p className="notice-title">{title}</p>
        <p className="notice-text">{children}</p>
      </div>
    </div>
  );
}
