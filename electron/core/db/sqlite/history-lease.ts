// One owner of the history's background work (polling, batches, downloads) among the processes that open
// it: the app, the browser host, the command line. The owner renews a lease row; the others are guests
// that try to take it over at each renewal period, so a holder that quits or dies is replaced within the
// lease's life, or at once when its process is gone from this computer (an app that crashed and is opened
// again need not wait). Everyone watches the database for other processes' writes (SQLite's data_version), so
// the owner picks up jobs and batches a guest created, and a guest shows what the owner learned.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from 'better-sqlite3';
import { processIsAlive } from '../../../node-shared/process-is-alive';
import type { Clock, TimerHandle, Timers } from '../../kernel/ports';

const LEASE = 'history';
/** A lease not renewed for this long is free: the owner quit without a word, or died. */
export const LEASE_MS = 10_000;
/** How often another process's writes are looked for. */
export const WATCH_MS = 1_000;

export interface HistoryLeaseDeps {
  db: Database;
  clock: Clock;
  timers: Timers;
  leaseMs?: number;
  watchMs?: number;
  /**
   * This process became the owner (at start, or by taking over): start the background work. When it
   * fails, the lease is given up (an owner whose work never started would keep every other process from
   * taking over): at start, `start` rejects with the error; later, it is logged and tried again.
   */
  onGained(): void | Promise<void>;
  /** Another process wrote to the history. */
  onOtherWrites(): void;
  log?(line: string): void;
  /** Whether a process of this computer still runs (tests inject it); signal 0 by default. */
  isAlive?(pid: number): boolean;
  /** This process's id (tests give each lease its own). */
  pid?: number;
}

export class HistoryLease {
  readonly owner = randomUUID();
  private owning = false;
  private dataVersion: number;
  private renewTimer: TimerHandle | null = null;
  private watchTimer: TimerHandle | null = null;
  private disposed = false;
  private readonly leaseMs: number;
  private readonly watchMs: number;
  private readonly pid: number;

  constructor(private readonly deps: HistoryLeaseDeps) {
    this.leaseMs = deps.leaseMs ?? LEASE_MS;
    this.watchMs = deps.watchMs ?? WATCH_MS;
    this.pid = deps.pid ?? process.pid;
    this.dataVersion = this.readDataVersion();
  }

  /** Whether this process does the background work now. */
  get isOwner(): boolean {
    return this.owning;
  }

  /**
   * Takes the lease if it is free, and starts renewing (or retrying) and watching. Resolves once the
   * background work has started (when the lease was taken); rejects, leaving the lease, when it could not.
   */
  async start(): Promise<void> {
    const renewing = this.renew(true);
    this.watch();
    await renewing;
  }

  /** Gives the lease up at once (a clean exit), so another process need not wait for it to lapse. */
  dispose(): void {
    this.disposed = true;
    if (this.renewTimer) this.deps.timers.clearTimeout(this.renewTimer);
    if (this.watchTimer) this.deps.timers.clearTimeout(this.watchTimer);
    this.leave();
  }

  private leave(): void {
    if (this.owning) {
      try {
        this.deps.db.prepare('DELETE FROM leases WHERE name = ? AND owner = ?').run(LEASE, this.owner);
      } catch {
        // The history is closing: the lease lapses by itself.
      }
    }
    this.owning = false;
  }

  private async renew(starting = false): Promise<void> {
    if (this.disposed) return;
    const now = this.deps.clock.now();
    const was = this.owning;
    this.owning = this.take(now, null) || this.takeFromTheDead(now);
    // The next renewal is due whatever the taking over below does (it may take longer than a period).
    const timer = this.deps.timers.setTimeout(() => void this.renew(), Math.floor(this.leaseMs / 3));
    timer.unref?.();
    this.renewTimer = timer;
    // No need to re-read data_version here: it never counts this connection's own commits, and re-reading
    // it would swallow another process's write made since the last watch (a batch jrs made, never sent).
    if (!this.owning || was) return;
    try {
      await this.deps.onGained();
    } catch (error) {
      this.leave();
      if (starting) throw error;
      this.deps.log?.(`Taking over the history failed, so another process may: ${(error as Error).message}`);
    }
  }

  /**
   * Takes the lease when it is free, lapsed, already ours, or (with `from`) still held by that owner; one
   * statement, so two processes cannot both win.
   */
  private take(now: number, from: string | null): boolean {
    const taken = this.deps.db
      .prepare(
        `INSERT INTO leases (name, owner, expires_ms, host, pid) VALUES (@name, @owner, @expires, @host, @pid)
         ON CONFLICT(name) DO UPDATE SET owner = excluded.owner, expires_ms = excluded.expires_ms,
           host = excluded.host, pid = excluded.pid
         WHERE leases.owner = excluded.owner OR leases.expires_ms <= @now OR leases.owner = @from`,
      )
      .run({
        name: LEASE,
        owner: this.owner,
        expires: now + this.leaseMs,
        host: hostname(),
        pid: this.pid,
        now,
        from,
      });
    return taken.changes > 0;
  }

  /** The holder ran on this computer and its process is gone (killed, crashed): no need to wait. */
  private takeFromTheDead(now: number): boolean {
    const holder = this.deps.db.prepare('SELECT owner, host, pid FROM leases WHERE name = ?').get(LEASE) as
      { owner: string; host: string; pid: number } | undefined;
    if (!holder || holder.host !== hostname() || holder.pid === this.pid) return false;
    if ((this.deps.isAlive ?? processIsAlive)(holder.pid)) return false;
    return this.take(now, holder.owner);
  }

  private watch(): void {
    if (this.disposed) return;
    const version = this.readDataVersion();
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      this.deps.onOtherWrites();
    }
    const timer = this.deps.timers.setTimeout(() => this.watch(), this.watchMs);
    timer.unref?.();
    this.watchTimer = timer;
  }

  private readDataVersion(): number {
    return this.deps.db.pragma('data_version', { simple: true }) as number;
  }
}
