// Re-reads an account's balance after its jobs finish: coalesced, so 500 jobs finishing within a few
// seconds cost one GET /auth/credits, not 500, and while jobs keep finishing (a batch) at most one read
// every few seconds, so that the key's budget goes to the batch's creates and status checks.
import { isApiError } from '../api';
import type { Clock, TimerHandle, Timers } from '../kernel/ports';

/** The account's request gate, as far as a balance read needs it (rate-limiter.ts). */
export interface CreditsGate {
  tryAcquire(): boolean;
  nextSlotAt(): number;
}

/** While jobs keep finishing, one read per this long at most (the balance shown is that much late at worst). */
const MIN_GAP_MS = 5000;

export class CreditsRefresher {
  private readonly scheduled = new Map<string, TimerHandle>();
  /** When each account's balance was last asked for. */
  private readonly readAt = new Map<string, number>();

  constructor(
    private readonly deps: {
      timers: Timers;
      /** After the first finished job, before the read (default 500 ms): the jobs finishing with it join in. */
      delayMs?: number;
      /** Between two reads of one account at least (default 5 s). */
      minGapMs?: number;
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
    const delay = this.deps.delayMs ?? 500;
    const last = this.readAt.get(accountId);
    const sinceLast = last === undefined ? Infinity : this.now() - last;
    this.at(accountId, Math.max(delay, (this.deps.minGapMs ?? MIN_GAP_MS) - sinceLast));
  }

  private now(): number {
    return this.deps.clock?.now() ?? Date.now();
  }

  private at(accountId: string, delayMs: number): void {
    const timer = this.deps.timers.setTimeout(() => {
      this.scheduled.delete(accountId);
      const gate = this.deps.gateOf?.(accountId);
      if (gate && !gate.tryAcquire()) {
        // Not now (the key's budget is spent, or a batch's creates come first): when the gate says.
        this.at(accountId, Math.max(1, gate.nextSlotAt() - this.now()));
        return;
      }
      this.readAt.set(accountId, this.now());
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
