// Re-reads an account's balance after its jobs finish: coalesced, so 500 jobs finishing within a few
// seconds cost one GET /auth/credits, not 500.
import type { TimerHandle, Timers } from '../kernel/ports';

export class CreditsRefresher {
  private readonly scheduled = new Map<string, TimerHandle>();

  constructor(
    private readonly deps: {
      timers: Timers;
      delayMs?: number;
      fetchCredits(accountId: string): Promise<number>;
      onCredits(accountId: string, credits: number): void;
    },
  ) {}

  schedule(accountId: string): void {
    if (this.scheduled.has(accountId)) return;
    const timer = this.deps.timers.setTimeout(() => {
      this.scheduled.delete(accountId);
      this.deps.fetchCredits(accountId).then(
        (credits) => this.deps.onCredits(accountId, credits),
        // The next finished job schedules another read; the account's health already noted the error.
        () => undefined,
      );
    }, this.deps.delayMs ?? 500);
    timer.unref?.();
    this.scheduled.set(accountId, timer);
  }

  dispose(): void {
    for (const timer of this.scheduled.values()) this.deps.timers.clearTimeout(timer);
    this.scheduled.clear();
  }
}
