// When a project's active window is worth mentioning: it starts in the future (jobs are refused until then)
// or it ends within 14 days (jobs are refused after). "Always active" and far-off ends say nothing: every
// line in a list of projects costs attention.
import { formatDateTime, type DateFormatOptions } from '../../lib/dates';

const DAY = 24 * 60 * 60 * 1000;
export const ENDING_SOON_DAYS = 14;

export type WindowNotice =
  | { kind: 'starts'; text: string }
  | { kind: 'ends-soon'; text: string; days: number }
  | { kind: 'ended'; text: string };

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

export function windowNotice(
  startDate: string | null,
  endDate: string | null,
  now: number,
  options: DateFormatOptions = {},
): WindowNotice | null {
  const start = startDate ? Date.parse(startDate) : Number.NaN;
  const end = endDate ? Date.parse(endDate) : Number.NaN;
  if (Number.isFinite(end) && end <= now) {
    return { kind: 'ended', text: `Ended ${formatDateTime(endDate ?? '', options)}` };
  }
  if (Number.isFinite(start) && start > now) {
    return { kind: 'starts', text: `Starts ${formatDateTime(startDate ?? '', options)}` };
  }
  if (Number.isFinite(end) && end - now <= ENDING_SOON_DAYS * DAY) {
    const left = Math.ceil((end - now) / DAY);
    const when = formatDateTime(endDate ?? '', options);
    return {
      kind: 'ends-soon',
      days: left,
      text: left <= 1 ? `Ends within a day (${when})` : `Ends in ${days(left)} (${when})`,
    };
  }
  return null;
}
