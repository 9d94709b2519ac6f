// Re-reads an account's balance after its jobs finish: coalesced, so 500 jobs finishing within a few
// seconds cost one GET /auth/credits, not 500.
import { isApiError } from '../api';
import type { Clock, TimerHandle, Timers } from '../kernel/ports';

/** The account's request gate, as far as a balance read needs it (rate-limiter.ts). */
export interface CreditsGate {
  tryAcquire(): boolean;
  nextSlotAt(): number;
}

export class CreditsRefresher {
  private readonly scheduled = new Map<string, TimerHandle>();

  constructor(
    private readonly deps: {
      timers: Timers;
      delayMs?: number;
      fetchCredits(accountId: string): Promise<number>;
      onCredits(accountId: string, credits: number): void;
      /**
       * The account's request gate: the read counts against the key's limit like any request, and waits
       * its turn behind a batch's creates (creates-first.ts). None: read when due.
       */
      gateOf?(accountId: string): CreditsGate;
      clock?: Clock;
    },
  ) {}

  schedule(accountId: string): void {
    if (this.scheduled.has(accountId)) return;
    this.at(accountId, this.deps.delayMs ?? 500);
  }

  private at(accountId: string, delayMs: number): void {
    const timer = this.deps.timers.setTimeout(() => {
      this.scheduled.delete(accountId);
      const gate = this.deps.gateOf?.(accountId);
      if (gate && !gate.tryAcquire()) {
        // Not now (the key's budget is spent, or a batch's creates come first): when the gate says.
        const now = this.deps.clock?.now() ?? Date.now();
        this.at(accountId, Math.max(1, gate.nextSlotAt() - now));
        return;
      }
      this.deps.fetchCredits(accountId).then(
        (credits) => this.deps.onCredits(accountId, credits),
        // Refused for the rate (the gate holds meanwhile): read again when it allows, or the last change
        // of a batch would never be shown. Any other failure: the next finished job schedules another
        // read; the account's health already noted the error.
        (error: unknown) => {
          if (isApiError(error) && error.kind === 'rate-limited') this.schedule(accountId);
        },
      );
    }, delayMs);
    timer.unref?.();
    this.scheduled.set(accountId, timer);
  }

  dispose(): void {
    for (const timer of this.scheduled.values()) this.deps.timers.clearTimeout(timer);
    this.scheduled.clear();
  }
}
