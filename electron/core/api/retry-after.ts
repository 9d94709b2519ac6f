// Parses the Retry-After header (delta-seconds or HTTP-date, RFC 9110 §10.2.3) into milliseconds.
// Garbage yields undefined so the caller falls back to its own backoff.

/** All three HTTP-date forms start with a day name; this keeps Date.parse's leniency away from garbage. */
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /;
/** Whole seconds per the RFC; decimals are tolerated because some servers send them. */
const SECONDS = /^\d{1,12}(\.\d{1,6})?$/;

export function parseRetryAfter(
  header: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (SECONDS.test(text)) return Math.round(Number(text) * 1000);
  if (HTTP_DATE.test(text)) {
    const at = Date.parse(text);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  return undefined;
}
