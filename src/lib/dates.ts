// Dates in the person's local time and language: a project's active window and a job's time.

export interface DateFormatOptions {
  /** BCP 47 locale; the system's by default. Tests pin it. */
  locale?: string;
  /** IANA time zone; the system's by default. Tests pin it. */
  timeZone?: string;
}

function formatter(options: DateFormatOptions, parts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(options.locale, { ...parts, timeZone: options.timeZone });
}

/** e.g. "3 Dec 2026, 18:00" (the order follows the locale). */
export function formatDateTime(iso: string, options: DateFormatOptions = {}): string {
  return formatter(options, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
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

/** A job's time: the clock time today, the date and time otherwise. */
export function formatJobTime(iso: string, now: Date = new Date(), options: DateFormatOptions = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = formatter(options, { year: 'numeric', month: 'numeric', day: 'numeric' });
  if (day.format(date) === day.format(now)) {
    return formatter(options, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date);
  }
  return formatDateTime(iso, options);
}
