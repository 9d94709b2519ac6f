// One key's requests while a batch is being sent: creates come first. Status checks (and anything else
// through the account's gate) take at most 10 % of the key's traffic meanwhile, so the batch goes at
// the speed the key allows, and the jobs it made are asked about once it has gone (a job created a second
// ago has rarely finished). With no create wanted for a second, the others have the gate to themselves.

export type Lane = 'create' | 'other';

/** How far back the traffic is counted. */
const WINDOW_MS = 1000;

/**
 * How long grant times are kept: a 429 may be answered this late and still be judged by the traffic of the
 * second before its request left (a busy machine or a slow service delays answers, not the count).
 */
const KEEP_MS = 5000;

/** Grant times, oldest first (a queue with a moving head: no shifting per grant). */
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

  /** Grants in the second up to `now`. */
  count(now: number): number {
    return this.countAt(now, now);
  }

  /** Grants in the second up to `at` (at most `now`), as far back as they are kept. */
  countAt(at: number, now: number): number {
    this.prune(now);
    return this.firstAfter(at) - this.firstAfter(at - WINDOW_MS);
  }

  /** The oldest grant in the second up to `now`. */
  oldest(now: number): number | undefined {
    this.prune(now);
    return this.times[this.firstAfter(now - WINDOW_MS)];
  }

  /** Index of the first grant later than `at` (the times are in order: a binary search). */
  private firstAfter(at: number): number {
    let low = this.head;
    let high = this.times.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.times[middle] ?? 0) <= at) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private prune(now: number): void {
    while (this.head < this.times.length && (this.times[this.head] ?? 0) <= now - KEEP_MS) this.head += 1;
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
   * @param otherShare the most of the traffic others take while creates are wanted (default 10 %: the
   *   creates keep at least 90 % of what the gate lets through, which a little under the key's limit is
   *   still over three quarters of it once a 429 or a busy second has cost some; 15 % left too little).
   */
  constructor(private readonly otherShare = 0.1) {}

  /** A create asked for a slot (granted or not): a batch is being sent. */
  wanted(now: number): void {
    this.createWantedAt = now;
  }

  /** Requests granted over the last second, both lanes. */
  recent(now: number): number {
    return this.creates.count(now) + this.others.count(now);
  }

  /**
   * Requests granted over the second before `sentAt`, both lanes: the traffic a 429 to a request sent then
   * answers, however late the answer came.
   */
  recentAt(sentAt: number, now: number): number {
    const at = Math.min(sentAt, now);
    return this.creates.countAt(at, now) + this.others.countAt(at, now);
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
