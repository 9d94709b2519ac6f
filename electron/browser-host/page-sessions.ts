// The sessions of signed-in pages: a random secret the page holds (sessionStorage, per tab and per origin
// with its port) and presents on the socket and on each upload. It ends after a while unused, and lives
// while the page's socket is open (the page is in use) and for IDLE_MS after each use.
import { createHash, randomBytes } from 'node:crypto';

/** A session with no open socket and no request for this long is over. */
export const SESSION_IDLE_MS = 15 * 60_000;

interface Session {
  lastUsed: number;
  /** Sockets of this session open now: an open page keeps its session. */
  open: number;
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export class PageSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly idleMs = SESSION_IDLE_MS,
  ) {}

  /** A new session's secret, for the page that just signed in. */
  create(): string {
    const secret = randomBytes(32).toString('base64url');
    this.sessions.set(hashOf(secret), { lastUsed: this.now(), open: 0 });
    return secret;
  }

  /** Whether the secret is a live session; using it renews it. */
  use(secret: string | undefined): boolean {
    const session = this.live(secret);
    if (session) session.lastUsed = this.now();
    return session !== null;
  }

  /** Whether the secret is a live session, changing nothing (a socket is held only once it is open). */
  isLive(secret: string | undefined): boolean {
    if (!secret) return false;
    const session = this.sessions.get(hashOf(secret));
    return session !== undefined && !this.expired(session);
  }

  /** Holds a live session while a socket is open: its release renews the session once more. */
  hold(secret: string | undefined): (() => void) | null {
    const session = this.live(secret);
    if (!session) return null;
    session.open += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      session.open -= 1;
      session.lastUsed = this.now();
    };
  }

  /** Ends every session (the host closes). */
  clear(): void {
    this.sessions.clear();
  }

  private expired(session: Session): boolean {
    return session.open === 0 && this.now() - session.lastUsed > this.idleMs;
  }

  private live(secret: string | undefined): Session | null {
    if (!secret) return null;
    const key = hashOf(secret);
    const session = this.sessions.get(key);
    if (!session) return null;
    if (this.expired(session)) {
      this.sessions.delete(key);
      return null;
    }
    return session;
  }
}
