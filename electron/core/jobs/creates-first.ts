// One key's requests while a batch is being sent: creates come first. Status checks (and anything else
// through the account's gate) take at most 15 % of the key's traffic meanwhile, so the batch goes at
// the speed the key allows, and the jobs it made are asked about once it has gone (a job created a second
// ago has rarely finished). With no create wanted for a second, the others have the gate to themselves.

export type Lane = 'create' | 'other';

/** How far back the traffic is counted. */
const WINDOW_MS = 1000;

/** Grant times within the window, oldest first (a queue with a moving head: no shifting per grant). */
class RecentTimes {
  private times: number[] = [];
  private head = 0;

  add(at: number): void {
    this.times.push(at);
  }

  /** Forgets the latest `count` (slots given back unused). */
  dropLatest(count: number): void {
    const keep = Math.max(this.head, this.times.length - Math.max(0, count));
    this.times.length = keep;
  }

  count(now: number): number {
    this.prune(now);
    return this.times.length - this.head;
  }

  oldest(now: number): number | undefined {
    this.prune(now);
    return this.times[this.head];
  }

  private prune(now: number): void {
    while (this.head < this.times.length && (this.times[this.head] ?? 0) <= now - WINDOW_MS) this.head += 1;
    if (this.head > 256 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
}

export class CreatesFirst {
  private readonly creates = new RecentTimes();
  private readonly others = new RecentTimes();
  private createWantedAt = -Infinity;

  /**
   * @param otherShare the most of the traffic others take while creates are wanted (default 15 %: the
   *   creates keep at least 85 % of what the gate lets through, three quarters of the key's limit with the
   *   gate a little under it).
   */
  constructor(private readonly otherShare = 0.15) {}

  /** A create asked for a slot (granted or not): a batch is being sent. */
  wanted(now: number): void {
    this.createWantedAt = now;
  }

  /** Requests granted over the last second, both lanes: the traffic a 429 answers. */
  recent(now: number): number {
    return this.creates.count(now) + this.others.count(now);
  }

  /** When the oldest request of the last second leaves it (now, if none is in it). */
  windowFreesAt(now: number): number {
    const oldest = Math.min(this.creates.oldest(now) ?? Infinity, this.others.oldest(now) ?? Infinity);
    return Number.isFinite(oldest) ? oldest + WINDOW_MS + 1 : now;
  }

  granted(lane: Lane, now: number): void {
    (lane === 'create' ? this.creates : this.others).add(now);
  }

  /** Slots of this lane taken and not used. */
  givenBack(lane: Lane, count: number): void {
    (lane === 'create' ? this.creates : this.others).dropLatest(count);
  }

  /** Whether a request other than a create may take a slot now. */
  otherMayGo(now: number): boolean {
    if (!this.sending(now)) return true;
    return this.others.count(now) < this.othersAllowed(now);
  }

  /** When a request other than a create may go next, as far as the share says (the rate may say later). */
  otherNextAt(now: number): number {
    if (this.otherMayGo(now)) return now;
    const oldest = this.others.oldest(now) ?? now;
    return Math.min(oldest + WINDOW_MS, this.createWantedAt + WINDOW_MS) + 1;
  }

  private sending(now: number): boolean {
    return now - this.createWantedAt < WINDOW_MS;
  }

  /** others ≤ share / (1 − share) × creates over the window; one at least, so that nothing starves. */
  private othersAllowed(now: number): number {
    const ratio = this.otherShare / (1 - this.otherShare);
    return Math.max(1, Math.floor(this.creates.count(now) * ratio));
  }
}
