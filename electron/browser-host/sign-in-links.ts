// The sign-in links the host opens or prints: each carries a random token that is good once, for about a
// minute. A link read from a terminal, a shell history or an old browser tab is then worth nothing, and one
// used by someone else first is seen by the person as "already used" rather than silently shared.
import { createHash, randomBytes } from 'node:crypto';

/** A link not used within this long is void. */
export const SIGN_IN_TTL_MS = 60_000;
/** Used and expired tokens are remembered this long, so a late second use is told what happened. */
const REMEMBER_MS = 60 * 60_000;

export type SignInOutcome = 'ok' | 'used' | 'expired' | 'unknown';

interface Entry {
  expiresAt: number;
  used: boolean;
  /** Called once when the link is used or voided (the host deletes the file that carried it). */
  onSpent?: () => void;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export class SignInLinks {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new token, good once within SIGN_IN_TTL_MS. */
  mint(onSpent?: () => void): string {
    this.forgetOld();
    const token = randomBytes(32).toString('base64url');
    this.entries.set(hashOf(token), { expiresAt: this.now() + SIGN_IN_TTL_MS, used: false, onSpent });
    return token;
  }

  /** Uses the token up: 'ok' the first time within its minute, else why not. */
  consume(token: string): SignInOutcome {
    // Looked up by its hash: the map's timing says nothing about the secret.
    const entry = this.entries.get(hashOf(token));
    if (!entry) return 'unknown';
    if (entry.used) return 'used';
    if (this.now() > entry.expiresAt) {
      this.spend(entry);
      return 'expired';
    }
    this.spend(entry);
    return 'ok';
  }

  /** Every token still waiting is voided (the host closes). */
  voidAll(): void {
    for (const entry of this.entries.values()) this.spend(entry);
  }

  private spend(entry: Entry): void {
    entry.used = true;
    const spent = entry.onSpent;
    entry.onSpent = undefined;
    spent?.();
  }

  private forgetOld(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (now > entry.expiresAt && !entry.used) this.spend(entry);
      if (now > entry.expiresAt + REMEMBER_MS) this.entries.delete(key);
    }
  }
}
