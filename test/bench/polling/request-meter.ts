// Counts what one poller really sends: a fetch wrapper for its API client that records requests per
// second, requests in flight and 429 answers.
export class RequestMeter {
  requests = 0;
  rateLimited = 0;
  inFlight = 0;
  maxInFlight = 0;
  private readonly perSecond = new Map<number, number>();

  readonly fetch: typeof fetch = async (input, init) => {
    this.requests += 1;
    const second = Math.floor(Date.now() / 1000);
    this.perSecond.set(second, (this.perSecond.get(second) ?? 0) + 1);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const response = await globalThis.fetch(input, init);
      if (response.status === 429) this.rateLimited += 1;
      return response;
    } finally {
      this.inFlight -= 1;
    }
  };

  /** Most requests started within one calendar second. */
  peakPerSecond(): number {
    return Math.max(0, ...this.perSecond.values());
  }

  resetPeaks(): void {
    this.maxInFlight = this.inFlight;
    this.perSecond.clear();
  }
}
