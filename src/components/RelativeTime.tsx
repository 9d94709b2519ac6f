// A time as "5 min ago", kept current by the shared ticker, with the exact time on hover. It re-renders only
// when its words change, never its row.
import { formatExactTime, formatRelativeTime } from '../lib/dates';
import { useTickingText } from '../lib/ticker';

export function RelativeTime({ iso }: { iso: string | null }): React.JSX.Element | null {
  const text = useTickingText((now) => (iso ? formatRelativeTime(iso, now) : ''));
  if (!iso || !text) return null;
  return (
    <time dateTime={iso} title={formatExactTime(iso)}>
      {text}
    </time>
  );
}
