// Who may talk to the browser host. It holds the person's API keys, so like any local web service with a
// secret it answers only requests naming its own address in `Host` (DNS rebinding points another name at
// 127.0.0.1), from its own origin when the browser says one (a cross-site page, a form post, a WebSocket
// from elsewhere). What needs the person (the socket, uploads) also needs this page's session secret, which
// the page presents itself: no cookie, since browsers send cookies to every port of 127.0.0.1.
import { createHash, timingSafeEqual } from 'node:crypto';

/** The query parameter of the sign-in address the host opens or prints. */
export const TOKEN_PARAM = 'token';
/** The WebSocket subprotocol the page asks for; the host answers with it. */
export const SOCKET_PROTOCOL = 'jrs';
/** The page's session, as a second subprotocol (a WebSocket from a browser cannot carry other headers). */
export const SESSION_PROTOCOL_PREFIX = 'jrs.session.';

export interface RequestFacts {
  host: string | undefined;
  origin: string | undefined;
  /**
   * Sec-Fetch-Site, sent by browsers: anything but 'same-origin' or 'none' (typed or opened from outside)
   * was made by another page. Another port of 127.0.0.1 is 'same-site', not 'cross-site', hence the list.
   */
  fetchSite: string | undefined;
  /** Sec-Fetch-Mode and Sec-Fetch-Dest: a top-level navigation says 'navigate' and 'document'. */
  fetchMode: string | undefined;
  fetchDest: string | undefined;
  authorization: string | undefined;
  protocols: string | undefined;
}

export type Verdict =
  { ok: true } | { ok: false; status: 400 | 401 | 403 | 404 | 410 | 413 | 421; reason: string };

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

const OTHER_SITE = 'Requests from other sites are refused.';

/**
 * Host and Origin: checked before anything else, for every request and the WebSocket alike. `navigation`
 * is for the sign-in address only: the owner-only file the host opens redirects to it from a file: page,
 * which the browser calls cross-site; a top-level navigation there cannot read the answer, and without a
 * valid single-use token it gets nothing.
 */
export function checkSite(
  facts: RequestFacts,
  port: number,
  options: { navigation?: boolean } = {},
): Verdict {
  if (!facts.host || !ownHosts(port).has(facts.host.toLowerCase()))
    return { ok: false, status: 421, reason: 'This address is not the app’s. Open the one the app printed.' };
  if (facts.origin !== undefined && !ownOrigins(port).has(facts.origin))
    return { ok: false, status: 403, reason: OTHER_SITE };
  const site = facts.fetchSite;
  if (site === undefined || site === 'same-origin' || site === 'none') return { ok: true };
  const topLevel = facts.fetchMode === 'navigate' && facts.fetchDest === 'document';
  if (options.navigation && site === 'cross-site' && topLevel) return { ok: true };
  return { ok: false, status: 403, reason: OTHER_SITE };
}

/** The session secret an upload carries: `Authorization: Bearer <secret>`. */
export function bearerOf(facts: RequestFacts): string | undefined {
  const match = /^Bearer ([\w-]{1,200})$/.exec(facts.authorization?.trim() ?? '');
  return match?.[1];
}

/** The session secret a WebSocket carries, as its `jrs.session.<secret>` subprotocol. */
export function socketSessionOf(facts: RequestFacts): string | undefined {
  for (const protocol of (facts.protocols ?? '').split(',')) {
    const trimmed = protocol.trim();
    if (trimmed.startsWith(SESSION_PROTOCOL_PREFIX)) return trimmed.slice(SESSION_PROTOCOL_PREFIX.length);
  }
  return undefined;
}

export const NOT_SIGNED_IN: Extract<Verdict, { ok: false }> = {
  ok: false,
  status: 401,
  reason:
    'This page is not signed in to the app, or its session ended. Run “jrs serve” (or “npm start”) again, or press Enter in the terminal where it runs, to get a new sign-in link.',
};
