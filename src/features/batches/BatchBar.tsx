// A batch's bar in coloured parts: succeeded, failed (or refused, lost), running or being sent, and what
// is left; said in words to a screen reader. A batch whose every row failed shows a red bar, not a full one.
import type { BatchProgress } from './batch-progress';

export function BatchBar({
  progress,
  label,
  small = false,
}: {
  progress: BatchProgress;
  label?: string;
  small?: boolean;
}): React.JSX.Element {
  const total = Math.max(1, progress.total);
  const bad = progress.failed + progress.refused + progress.lost;
  const moving = progress.running + progress.sending + progress.unknown;
  const done = progress.succeeded + bad;
  const share = (count: number) => `${(count / total) * 100}%`;
  const parts = [
    ['succeeded', progress.succeeded],
    ['failed', bad],
    ['moving', moving],
  ] as const;
  return (
    <div
      className={`batch-bar-parts${small ? ' is-small' : ''}`}
      {...(label
        ? {
            role: 'progressbar',
            'aria-label': label,
            'aria-valuemin': 0,
            'aria-valuemax': total,
            'aria-valuenow': done,
            'aria-valuetext': `${done.toLocaleString('en')} of ${progress.total.toLocaleString('en')} rows done: ${progress.succeeded.toLocaleString('en')} succeeded, ${bad.toLocaleString('en')} failed or refused`,
          }
        : { 'aria-hidden': true })}
    >
      {parts.map(([kind, count]) =>
        count > 0 ? (
          <span key={kind} className={`batch-bar-part is-${kind}`} style={{ width: share(count) }} />
        ) : null,
      )}
    </div>
  );
}
