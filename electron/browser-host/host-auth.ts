// Who may talk to the browser host. It holds the person's API keys, so like any local web service with a
// secret it answers only: requests naming its own address in `Host` (DNS rebinding points another name at
// 127.0.0.1), from its own origin when the browser says one (a cross-site page, a form post, a WebSocket
// from elsewhere), carrying the session cookie that the start address's token (random, for this run) is exchanged for.
import { createHash, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'jrs_session';
/** The query parameter of the address the host opens or prints. */
export const TOKEN_PARAM = 'token';

export interface RequestFacts {
  host: string | undefined;
  origin: string | undefined;
  cookie: string | undefined;
  /**
   * Sec-Fetch-Site, sent by browsers: anything but 'same-origin' or 'none' (typed or opened from outside)
   * was made by another page. Another port of 127.0.0.1 is 'same-site', not 'cross-site', hence the list.
   */
  fetchSite: string | undefined;
}

export type Verdict = { ok: true } | { ok: false; status: 400 | 401 | 403 | 404 | 421; reason: string };

/** The Host values that mean this host: its port on the loopback names a browser may use. */
export function ownHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function ownOrigins(port: number): ReadonlySet<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

/** Compares secrets in constant time (hashes first, so different lengths leak nothing either). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** Host and Origin: checked before anything else, for every request and the WebSocket alike. */
export function checkSite(facts: RequestFacts, port: number): Verdict {
  if (!facts.host || !ownHosts(port).has(facts.host.toLowerCase()))
    return { ok: false, status: 421, reason: 'This address is not the app’s. Open the one the app printed.' };
  if (facts.origin !== undefined && !ownOrigins(port).has(facts.origin))
    return { ok: false, status: 403, reason: 'Requests from other sites are refused.' };
  if (facts.fetchSite !== undefined && facts.fetchSite !== 'same-origin' && facts.fetchSite !== 'none')
    return { ok: false, status: 403, reason: 'Requests from other sites are refused.' };
  return { ok: true };
}

/** The session cookie: required on every request but the token exchange itself. */
export function checkSession(facts: RequestFacts, session: string): Verdict {
  const given = cookieValue(facts.cookie, SESSION_COOKIE);
  if (given === undefined || !sameSecret(given, session))
    return {
      ok: false,
      status: 401,
      reason: 'Open the app with the address it printed when it started (it carries this run’s key).',
    };
  return { ok: true };
}

/** Set-Cookie for the session: unreadable by scripts, never sent by another site's requests. */
export function sessionCookie(session: string): string {
  return `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`;
}
