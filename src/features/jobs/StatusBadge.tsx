// A job's status as a badge: an icon shape and a word, so it never relies on colour alone.
import { statusLabel, statusTone } from './job-status';

const ICONS = { waiting: '○', running: '◐', success: '✓', failure: '✕', unknown: '?' } as const;

export function StatusBadge({ status }: { status: string }): React.JSX.Element {
  const tone = statusTone(status);
  return (
    <span className={`badge badge-${tone}`} data-status={status}>
      <span className={`badge-icon${tone === 'running' ? ' is-spinning' : ''}`} aria-hidden="true">
        {ICONS[tone]}
      </span>
      <span className="badge-text">{statusLabel(status)}</span>
    </span>
  );
}
