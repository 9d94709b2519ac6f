// How long until a job is expected to finish ("about 2 min left"), kept current by the shared ticker; nothing
// when no estimate exists.
import { formatExactTime, formatTimeLeft } from '../lib/dates';
import { useTickingText } from '../lib/ticker';

export function TimeLeft({ expectedAt }: { expectedAt: string | null }): React.JSX.Element | null {
  const text = useTickingText((now) => formatTimeLeft(expectedAt, now));
  if (!expectedAt || !text) return null;
  return (
    <time dateTime={expectedAt} title={`Expected by ${formatExactTime(expectedAt)}`}>
      {text}
    </time>
  );
}
