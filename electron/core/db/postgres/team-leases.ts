// Who does which background work for the whole team, decided in the team database: a lease per name
// ('poll:<accountId>' polls that account and sends its batch rows; 'downloads:<computerId>' saves that
// computer's files). One upsert takes a lease only when it is free, lapsed or already ours, so two clients
// can never both win; the holder renews it every third of its life and deletes it on a clean stop, and a
// holder that dies is replaced once its lease lapses. Times are the team's: this client's clock plus its
// measured offset to the server's clock, so computers whose clocks disagree still agree on when a lease lapses.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Clock, TimerHandle, Timers } from '../../kernel/ports';

/** A lease not renewed for this long is free: its holder quit without a word, or died. */
export const TEAM_LEASE_MS = 10_000;
/** How often the offset to the server's clock is measured again (and at once when this clock jumps). */
export const REMEASURE_MS = 5 * 60_000;

export interface TeamLeasesDeps {
  pool: pg.Pool;
  /** This client's id in the leases table (a new one per process by default). */
  owner?: string;
  /** Shown to colleagues as who holds a lease. */
  host: string;
  pid: number;
  /** This computer's clock; the team's time is this plus the offset measured to the server's. */
  clock: Clock;
  timers: Timers;
  leaseMs?: number;
  remeasureMs?: number;
  log?: (line: string) => void;
}

export interface LeaseChange {
  readonly name: string;
  readonly holding: boolean;
}

/** Takes the lease when there is none, when it lapsed, or when it is ours (a renewal); returns a row if taken. */
const TAKE = `
  INSERT INTO leases (name, owner, expires_at_ms, host, pid) VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at_ms = excluded.expires_at_ms,
    host = excluded.host, pid = excluded.pid
  WHERE leases.expires_at_ms < $6 OR leases.owner = excluded.owner
  RETURNING owner`;

const SERVER_NOW = `SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms`;

interface Lease {
  readonly name: string;
  holding: boolean;
  /** This clock's time after which another client may see the lease as lapsed: past it, we do not hold it. */
  validUntil: number;
  /** This clock's time at the last try (a try far from one period later means the clock jumped). */
  lastTry: number | null;
  tick: TimerHandle | null;
  expiry: TimerHandle | null;
  inFlight: Promise<void> | null;
  /** The last try failed on a database error (logged once, until one succeeds). */
  failing: boolean;
}

export class TeamLeases {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly periodMs: number;
  /** Lost a little before the lease lapses, so that a small error in the measured offset never makes two holders. */
  private readonly marginMs: number;
  private readonly remeasureMs: number;
  private readonly leases = new Map<string, Lease>();
  private readonly listeners = new Set<(change: LeaseChange) => void>();
  /** Server time minus this clock's time, in ms; null until measured. */
  private offset: number | null = null;
  private measuredAt = 0;
  private stopped = false;

  constructor(private readonly deps: TeamLeasesDeps) {
    this.owner = deps.owner ?? randomUUID();
    this.leaseMs = deps.leaseMs ?? TEAM_LEASE_MS;
    this.periodMs = Math.floor(this.leaseMs / 3);
    this.marginMs = Math.floor(this.leaseMs / 6);
    this.remeasureMs = deps.remeasureMs ?? REMEASURE_MS;
  }

  /**
   * Measures the offset to the server's clock (at connect; a database error is thrown). A client that never
   * called it measures before its first try.
   */
  async start(): Promise<void> {
    await this.measure();
  }

  /** Starts trying for the lease (now, then every third of a lease); answers whether the first try took it. */
  async hold(name: string): Promise<boolean> {
    if (this.stopped) throw new Error('These team leases were stopped; make new ones.');
    let lease = this.leases.get(name);
    if (!lease) {
      lease = {
        name,
        holding: false,
        validUntil: 0,
        lastTry: null,
        tick: null,
        expiry: null,
        inFlight: null,
        failing: false,
      };
      this.leases.set(name, lease);
      this.tick(lease);
    }
    await lease.inFlight;
    return this.holds(name);
  }

  /** Whether this client holds the lease now: taken, and not past the moment it could have lapsed. */
  holds(name: string): boolean {
    const lease = this.leases.get(name);
    return !!lease && lease.holding && this.deps.clock.now() < lease.validUntil;
  }

  /** Calls back whenever a lease is gained or lost; returns the unsubscribe. */
  onChange(listener: (change: LeaseChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops trying for the lease and gives it up at once, so another client takes it at its next try. */
  async release(name: string): Promise<void> {
    const lease = this.leases.get(name);
    if (!lease) return;
    this.leases.delete(name);
    if (lease.tick) this.deps.timers.clearTimeout(lease.tick);
    if (lease.expiry) this.deps.timers.clearTimeout(lease.expiry);
    // Our work stops before the row goes, so the next holder never overlaps with us.
    this.setHolding(lease, false);
    await lease.inFlight;
    try {
      await this.deps.pool.query('DELETE FROM leases WHERE name = $1 AND owner = $2', [name, this.owner]);
    } catch (error) {
      this.log(
        `Could not give up the team lease "${name}" (${messageOf(error)}); it lapses by itself within ${seconds(this.leaseMs)}.`,
      );
    }
  }

  /** A clean stop: every lease given up. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.leases.keys()].map((name) => this.release(name)));
  }

  /** Resolves once no try is waiting on the database (tests, and a stop that waits for the last word). */
  async idle(): Promise<void> {
    await Promise.all([...this.leases.values()].map((lease) => lease.inFlight));
  }

  /** The team's time now: this clock plus the measured offset (null before the first measure). */
  teamNow(): number | null {
    return this.offset === null ? null : this.deps.clock.now() + this.offset;
  }

  private tick(lease: Lease): void {
    if (this.stopped || this.leases.get(lease.name) !== lease) return;
    lease.tick = this.deps.timers.setTimeout(() => this.tick(lease), this.periodMs);
    lease.tick.unref?.();
    // A try still waiting on the database is not doubled; the lease is dropped on time regardless (expiry).
    if (lease.inFlight) return;
    lease.inFlight = this.attempt(lease).finally(() => {
      lease.inFlight = null;
    });
  }

  private async attempt(lease: Lease): Promise<void> {
    const { clock, pool } = this.deps;
    const now = clock.now();
    const jumped = lease.lastTry !== null && Math.abs(now - lease.lastTry - this.periodMs) > this.periodMs;
    lease.lastTry = now;
    // A clock set back would make the lease look valid for longer than it is: count on it only if renewed now.
    if (jumped) lease.validUntil = Math.min(lease.validUntil, now);
    try {
      if (this.offset === null || jumped || now - this.measuredAt >= this.remeasureMs) await this.measure();
      const sent = clock.now();
      const teamNow = sent + (this.offset ?? 0);
      const taken = await pool.query({
        text: TAKE,
        values: [lease.name, this.owner, teamNow + this.leaseMs, this.deps.host, this.deps.pid, teamNow],
        // A database that never answers must not hold up the next try for ever (the lease is dropped on time anyway).
        query_timeout: this.leaseMs,
      } as pg.QueryConfig);
      if (lease.failing) {
        lease.failing = false;
        this.log(`The team database answers again; trying for "${lease.name}" as before.`);
      }
      if (this.leases.get(lease.name) !== lease) return; // released while we waited: release() deletes the row
      if ((taken.rowCount ?? 0) > 0) {
        lease.validUntil = sent + this.leaseMs - this.marginMs;
        this.armExpiry(lease);
        this.setHolding(lease, clock.now() < lease.validUntil);
      } else {
        this.setHolding(lease, false);
      }
    } catch (error) {
      if (!lease.failing) {
        lease.failing = true;
        this.log(
          `Could not ${lease.holding ? 'renew' : 'try for'} the team lease "${lease.name}": the team database did not answer (${messageOf(error)}). Trying again every ${seconds(this.periodMs)}${lease.holding ? '; this client stops that work if its lease could have lapsed meanwhile' : ''}.`,
        );
      }
      if (lease.holding && clock.now() >= lease.validUntil) this.lapse(lease);
    }
  }

  /** Reads the server's clock; the offset is taken against this clock's time halfway through the round trip. */
  private async measure(): Promise<void> {
    const before = this.deps.clock.now();
    const answer = await this.deps.pool.query<{ ms: number }>(SERVER_NOW);
    const after = this.deps.clock.now();
    const server = Number(answer.rows[0]?.ms);
    if (!Number.isFinite(server)) throw new Error('the server did not say its time');
    const offset = Math.round(server - (before + after) / 2);
    if (this.offset !== null && Math.abs(offset - this.offset) > this.marginMs) {
      this.log(
        `This computer's clock moved by ${seconds(Math.abs(offset - this.offset))} against the team database's; the team leases follow the database's clock.`,
      );
    }
    this.offset = offset;
    this.measuredAt = after;
  }

  /** At the moment the lease could lapse without a renewal, this client stops holding it. */
  private armExpiry(lease: Lease): void {
    if (lease.expiry) this.deps.timers.clearTimeout(lease.expiry);
    const wait = lease.validUntil - this.deps.clock.now();
    lease.expiry = this.deps.timers.setTimeout(
      () => {
        // Armed again by every renewal: firing means none came in time (timers run on elapsed time, which a
        // clock set back does not stretch).
        lease.expiry = null;
        if (lease.holding) this.lapse(lease);
      },
      Math.max(0, wait),
    );
    lease.expiry.unref?.();
  }

  /** The lease may have lapsed without a renewal: this client stops its work, so another may take over. */
  private lapse(lease: Lease): void {
    if (lease.expiry) this.deps.timers.clearTimeout(lease.expiry);
    lease.expiry = null;
    this.log(
      `Stopped the work of "${lease.name}": its team lease could not be renewed in time and may have lapsed, so another client may take it over. Trying again.`,
    );
    this.setHolding(lease, false);
  }

  private setHolding(lease: Lease, holding: boolean): void {
    if (lease.holding === holding) return;
    lease.holding = holding;
    for (const listener of [...this.listeners]) {
      try {
        listener({ name: lease.name, holding });
      } catch (error) {
        this.log(`A listener of the team lease "${lease.name}" failed: ${messageOf(error)}`);
      }
    }
  }

  private log(line: string): void {
    this.deps.log?.(line);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
