// The periods the credit report offers, in the person's own time zone: this month, last month, the last
// 7 days (today included), or custom dates (both days included). Each is [fromMs, toMs) for main, and a
// label naming the days for the CSV's file name.

export type PeriodKind = 'this-month' | 'last-month' | 'last-7-days' | 'custom';

export const PERIOD_KINDS: readonly { value: PeriodKind; label: string }[] = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'last-7-days', label: 'Last 7 days' },
  { value: 'custom', label: 'Custom dates' },
];

export interface Period {
  fromMs: number;
  toMs: number;
  /** "2026-11-01-to-2026-11-30": the first and the last day. */
  label: string;
}

/** "2026-11-26" of a local date (what <input type="date"> holds). */
export function dayText(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Local midnight of "2026-11-26"; null when the text is not such a date. */
export function parseDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayText(date) === text ? date : null;
}

function between(from: Date, toExclusive: Date): Period {
  const last = new Date(toExclusive.getFullYear(), toExclusive.getMonth(), toExclusive.getDate() - 1);
  return {
    fromMs: from.getTime(),
    toMs: toExclusive.getTime(),
    label: `${dayText(from)}-to-${dayText(last)}`,
  };
}

/** The period of a kind at `now`; a custom one from its two dates, or a sentence saying what is wrong. */
export function periodOf(
  kind: PeriodKind,
  now: Date,
  custom: { from: string; to: string },
): Period | { problem: string } {
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  switch (kind) {
    case 'this-month':
      return between(new Date(y, m, 1), new Date(y, m + 1, 1));
    case 'last-month':
      return between(new Date(y, m - 1, 1), new Date(y, m, 1));
    case 'last-7-days':
      return between(new Date(y, m, d - 6), new Date(y, m, d + 1));
    case 'custom': {
      const from = parseDay(custom.from);
      const to = parseDay(custom.to);
      if (!from || !to) return { problem: 'Choose both dates: the first day and the last day.' };
      if (to < from) return { problem: 'The last day is before the first day: choose a later last day.' };
      return between(from, new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1));
    }
  }
}
