// A sliding one-second window per key, for the per-key rate limit fault: at most N admitted requests of
// a key within any second. Time comes from an injected clock so tests need not sleep.
export const WINDOW_MS = 1000;

export type WindowResult = { ok: true } | { ok: false; retryInMs: number };

export class SlidingWindow {
  /** Admission times per key, oldest first; only those still inside the window are kept. */
  private readonly admitted = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  /**
   * Admits a request of `key` if fewer than `limit` were admitted in the last second. A refused request
   * is not recorded, so a client that keeps retrying gets in as soon as the second has passed.
   */
  take(key: string, limit: number): WindowResult {
    const now = this.now();
    const recent = (this.admitted.get(key) ?? []).filter((at) => now - at < WINDOW_MS);
    if (recent.length >= limit) {
      this.admitted.set(key, recent);
      // The request that must leave the window before another fits.
      const blocking = recent[recent.length - limit] ?? now;
      return { ok: false, retryInMs: blocking + WINDOW_MS - now };
    }
    recent.push(now);
    this.admitted.set(key, recent);
    return { ok: true };
  }

  clear(): void {
    this.admitted.clear();
  }
}
