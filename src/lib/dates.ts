// Dates in the person's local time and language: a project's active window, a job's times (exact, relative)
// and how long until it is expected to finish. Formatters are built once and shared, never per row or per
// render: creating an Intl formatter costs far more than using one, and a list may show thousands of dates.

export interface DateFormatOptions {
  /** BCP 47 locale; the system's by default. Tests pin it. */
  locale?: string;
  /** IANA time zone; the system's by default. Tests pin it. */
  timeZone?: string;
}

const PARTS = {
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  exact: {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
  day: { year: 'numeric', month: 'numeric', day: 'numeric' },
  clock: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  dayMonth: { day: 'numeric', month: 'short' },
  dayMonthYear: { day: 'numeric', month: 'short', year: 'numeric' },
  year: { year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type Preset = keyof typeof PARTS;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** The shared formatter of a preset, per locale and time zone (the defaults are one entry each). */
function formatter(preset: Preset, options: DateFormatOptions): Intl.DateTimeFormat {
  const key = `${preset}|${options.locale ?? ''}|${options.timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(options.locale, { ...PARTS[preset], timeZone: options.timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

function relativeFormatter(options: DateFormatOptions): Intl.RelativeTimeFormat {
  const key = options.locale ?? '';
  let format = relativeFormats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(options.locale, { numeric: 'auto', style: 'short' });
    relativeFormats.set(key, format);
  }
  return format;
}

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** e.g. "3 Dec 2026, 18:00" (the order follows the locale). */
export function formatDateTime(iso: string, options: DateFormatOptions = {}): string {
  const date = parse(iso);
  return date ? formatter('dateTime', options).format(date) : '';
}

/** Everything, to the second: "Thu, 3 Dec 2026, 18:00:05"; for a title on hover and the detail pane. */
export function formatExactTime(iso: string, options: DateFormatOptions = {}): string {
  const date = parse(iso);
  return date ? formatter('exact', options).format(date) : '';
}

/** "Always active", "Until …", "From …" or "From … to …". */
export function formatActiveWindow(
  startDate: string | null,
  endDate: string | null,
  options: DateFormatOptions = {},
): string {
  if (startDate && endDate) {
    return `From ${formatDateTime(startDate, options)} to ${formatDateTime(endDate, options)}`;
  }
  if (endDate) return `Until ${formatDateTime(endDate, options)}`;
  if (startDate) return `From ${formatDateTime(startDate, options)}`;
  return 'Always active';
}

function sameDay(a: Date, b: Date, options: DateFormatOptions): boolean {
  const day = formatter('day', options);
  return day.format(a) === day.format(b);
}

/** A job's time: the clock time today, the date and time otherwise. */
export function formatJobTime(iso: string, now: Date = new Date(), options: DateFormatOptions = {}): string {
  const date = parse(iso);
  if (!date) return '';
  if (sameDay(date, now, options)) return formatter('clock', options).format(date);
  return formatDateTime(iso, options);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, in the locale's short words: "just now", "5 min ago", "3 hr ago", "yesterday", "4 days
 * ago", then the date ("3 Mar", or "3 Mar 2025" in another year). A time slightly ahead of the clock (the
 * service's clock is not ours) is "just now" too.
 */
export function formatRelativeTime(iso: string, now: number, options: DateFormatOptions = {}): string {
  const date = parse(iso);
  if (!date) return '';
  const ago = now - date.getTime();
  if (ago < 45_000) return 'just now';
  const relative = relativeFormatter(options);
  if (ago < 45 * MINUTE) return relative.format(-Math.max(1, Math.round(ago / MINUTE)), 'minute');
  if (ago < 22 * HOUR) return relative.format(-Math.max(1, Math.round(ago / HOUR)), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.max(1, Math.round(ago / DAY)), 'day');
  const year = formatter('year', options);
  const sameYear = year.format(date) === year.format(now);
  return formatter(sameYear ? 'dayMonth' : 'dayMonthYear', options).format(date);
}

/**
 * What is left until a job is expected to finish: "about 2 min left", "about 1 hr 5 min left", "under a
 * minute left", "any moment now" once the time has passed; '' when nothing is known.
 */
export function formatTimeLeft(expectedAt: string | null, now: number): string {
  if (!expectedAt) return '';
  const date = parse(expectedAt);
  if (!date) return '';
  const left = date.getTime() - now;
  if (left <= 0) return 'any moment now';
  if (left < MINUTE) return 'under a minute left';
  const minutes = Math.round(left / MINUTE);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} hr left` : `about ${hours} hr ${rest} min left`;
}

/** Where a date range filter starts: local midnight today, or 7 or 30 days back; null for all time. */
export function rangeStart(range: 'all' | 'today' | '7d' | '30d', now: number): number | null {
  if (range === 'all') return null;
  if (range === 'today') {
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    return midnight.getTime();
  }
  return now - (range === '7d' ? 7 : 30) * DAY;
}
