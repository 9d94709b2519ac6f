// What the team changed, as it happens: one dedicated connection per process LISTENs on 'jrs_changes' (the
// NOTIFY that every job and batch write sends, migration 001) and turns each notice into a typed change. When
// that connection drops (the server restarted, the network went), it reconnects with a growing pause and,
// once listening again, reads what changed while it was away, so no change is missed; one may come twice
// (a consumer re-reads the job or batch by id, which is harmless). A connection that went silent without
// closing (a computer asleep, a VPN switched, a router that forgot it) is found by a query every 30 s.
// The notices of this client's own writes are left out (their change number still counts): the client
// acted on each write when it made it, and hearing it again cost a third of a team batch's time.
import pg from 'pg';
import { z } from 'zod';
import type { TimerHandle, Timers } from '../../kernel/ports';

export const CHANGES_CHANNEL = 'jrs_changes';

export interface TeamChange {
  readonly table: 'job' | 'batch';
  readonly accountId: string;
  readonly id: string;
  /** The change number the write took (one counter for jobs and batches). */
  readonly seq: number;
}

/** The notice migration 001's trigger sends: account, id, change number, table, the writing client. */
const noticeSchema = z.object({
  a: z.string(),
  id: z.string(),
  s: z.number().int().nonnegative(),
  t: z.enum(['job', 'batch']),
  c: z.string().nullish(),
});

/** The first pause before reconnecting, doubled after each failure up to the longest. */
export const RECONNECT_FIRST_MS = 250;
export const RECONNECT_MAX_MS = 10_000;
/**
 * After a drop, change numbers this far below the last one seen are read again: a write takes its number
 * when it is made but is seen when it commits, so one that took an earlier number may commit after a later
 * one did, while this client was away.
 */
export const REREAD_MARGIN = 1000;
/** How often the listening connection is asked a trivial question, and how long its answer may take. */
export const HEARTBEAT_MS = 30_000;
export const HEARTBEAT_TIMEOUT_MS = 10_000;
const STOP_WAIT_MS = 1000;

export interface ChangeListenerDeps {
  /** For the read that catches up after a drop. */
  pool: pg.Pool;
  /** The dedicated connection (by default a client with the pool's settings). */
  newClient?: () => pg.Client;
  timers: Timers;
  log?: (line: string) => void;
  /**
   * This client's id (the pool's connections set it as `jrs.client`): notices of its own writes only move
   * the change number on. Without it, every notice is handed on.
   */
  clientId?: string;
  /** The last change number this client saw, to catch up from at start; without it, changes from now on. */
  since?: number;
  reconnectFirstMs?: number;
  reconnectMaxMs?: number;
  rereadMargin?: number;
  heartbeatMs?: number;
  /** Real time (the driver's own timer): the answer of a live server takes milliseconds. */
  heartbeatTimeoutMs?: number;
}

const CATCH_UP = `
  SELECT 'job' AS t, account_id, id, change_seq FROM jobs WHERE change_seq > $1
  UNION ALL
  SELECT 'batch' AS t, account_id, id, change_seq FROM batches WHERE change_seq > $1
  ORDER BY change_seq`;

/** The newest change number taken so far (a write that took it and has not committed yet will NOTIFY). */
const LATEST = `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS seq FROM change_seq`;

export class ChangeListener {
  private readonly listeners = new Set<(change: TeamChange) => void>();
  private client: pg.Client | null = null;
  private listening = false;
  private connecting: Promise<void> | null = null;
  private retry: TimerHandle | null = null;
  private beat: TimerHandle | null = null;
  private pauseMs: number;
  private seq: number | null;
  private stopped = false;
  /** A drop was said; the next success says it is back. */
  private away = false;
  private skipped = 0;

  constructor(private readonly deps: ChangeListenerDeps) {
    this.pauseMs = this.firstPause;
    this.seq = deps.since ?? null;
  }

  /** The highest change number seen (null before the first connection). */
  get lastSeq(): number | null {
    return this.seq;
  }

  /** Notices of this client's own writes left out so far. */
  get ownSkipped(): number {
    return this.skipped;
  }

  /** Whether the connection is up and listening now. */
  get isListening(): boolean {
    return this.listening;
  }

  /** Calls back with each change (some may come twice); returns the unsubscribe. */
  onChange(listener: (change: TeamChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Connects and listens; answers whether it did. When the database cannot be reached it says so and keeps
   * trying in the background.
   */
  async start(): Promise<boolean> {
    this.connect();
    await this.connecting;
    return this.listening;
  }

  /** Resolves once no connection attempt is under way (tests; a stop waits for it too). */
  async idle(): Promise<void> {
    while (this.connecting) await this.connecting;
  }

  /** Closes the connection; waits at most a second for the server's goodbye (a silent network never says it). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) this.deps.timers.clearTimeout(this.retry);
    this.retry = null;
    await this.idle();
    this.stopHeartbeat();
    const client = this.client;
    this.client = null;
    this.listening = false;
    if (!client) return;
    let waited: TimerHandle | null = null;
    await Promise.race([
      client.end().catch(() => undefined),
      new Promise<void>((resolve) => {
        waited = this.deps.timers.setTimeout(resolve, STOP_WAIT_MS);
      }),
    ]);
    if (waited) this.deps.timers.clearTimeout(waited);
  }

  private get firstPause(): number {
    return this.deps.reconnectFirstMs ?? RECONNECT_FIRST_MS;
  }

  private connect(): void {
    if (this.stopped || this.connecting) return;
    this.connecting = this.connectOnce()
      .then(
        (caughtUp) => {
          this.pauseMs = this.firstPause;
          if (this.away) {
            this.away = false;
            this.log(
              `Live changes from the team database again; ${caughtUp} change${caughtUp === 1 ? '' : 's'} made meanwhile read.`,
            );
          }
        },
        (error: unknown) => {
          if (this.stopped) return;
          if (!this.away) {
            this.away = true;
            this.log(
              `Could not listen for the team's changes (${messageOf(error)}); this computer shows them again once the team database answers. Trying again in ${seconds(this.pauseMs)}, then less often.`,
            );
          }
          this.scheduleRetry();
        },
      )
      .finally(() => {
        this.connecting = null;
      });
  }

  /** One attempt: connect, LISTEN, then catch up (or take the starting point); answers how many it read. */
  private async connectOnce(): Promise<number> {
    const client = this.deps.newClient?.() ?? new pg.Client(this.deps.pool.options);
    this.client = client;
    client.on('notification', (message) => {
      if (this.client === client && message.channel === CHANGES_CHANNEL) this.received(message.payload);
    });
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client, null));
    try {
      await client.connect();
      // LISTEN first: whatever commits from here on is announced, and whatever committed before is read below.
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      let caughtUp = 0;
      if (this.seq === null) {
        const latest = await this.deps.pool.query<{ seq: number }>(LATEST);
        this.seq = Math.max(this.seq ?? 0, Number(latest.rows[0]?.seq ?? 0));
      } else {
        caughtUp = await this.catchUp(this.seq);
      }
      if (this.client !== client) throw new Error('the connection dropped while it was being set up');
      this.listening = true;
      this.heartbeat(client);
      return caughtUp;
    } catch (error) {
      if (this.client === client) this.client = null;
      this.listening = false;
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /** Reads every job and batch whose change number is past `since` (less a margin) and passes it on. */
  private async catchUp(since: number): Promise<number> {
    const from = Math.max(0, since - (this.deps.rereadMargin ?? REREAD_MARGIN));
    const { rows } = await this.deps.pool.query<{
      t: 'job' | 'batch';
      account_id: string;
      id: string;
      change_seq: number;
    }>(CATCH_UP, [from]);
    let newer = 0;
    for (const row of rows) {
      if (row.change_seq > since) newer++;
      this.emit({ table: row.t, accountId: row.account_id, id: row.id, seq: row.change_seq });
    }
    return newer;
  }

  private received(payload: string | undefined): void {
    let notice: z.infer<typeof noticeSchema>;
    try {
      notice = noticeSchema.parse(JSON.parse(payload ?? ''));
    } catch {
      const shown = (payload ?? '').slice(0, 120);
      this.log(
        `Ignored a notice on ${CHANGES_CHANNEL} that is not a change this app knows ("${shown}"${(payload?.length ?? 0) > 120 ? '…' : ''}); a newer app or another program may have sent it.`,
      );
      return;
    }
    if (this.deps.clientId !== undefined && notice.c === this.deps.clientId) {
      // Its own write: acted on when made. The number counts, so a catch-up starts past it.
      this.seq = Math.max(this.seq ?? 0, notice.s);
      this.skipped += 1;
      return;
    }
    this.emit({ table: notice.t, accountId: notice.a, id: notice.id, seq: notice.s });
  }

  private emit(change: TeamChange): void {
    this.seq = Math.max(this.seq ?? 0, change.seq);
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.log(`A listener of the team's changes failed: ${messageOf(error)}`);
      }
    }
  }

  /** The connection broke (or ended): listen again after a pause, catching up on what was missed. */
  private dropped(client: pg.Client, error: Error | null): void {
    if (this.client !== client || this.stopped) return;
    this.client = null;
    const wasListening = this.listening;
    this.listening = false;
    this.stopHeartbeat();
    void client.end().catch(() => undefined);
    // A drop while connecting fails that attempt, which schedules the next one itself.
    if (!wasListening) return;
    this.away = true;
    this.log(
      `Lost the live connection to the team database (${error ? messageOf(error) : 'it was closed'}); reconnecting in ${seconds(this.pauseMs)}, and what changed meanwhile is read then.`,
    );
    this.scheduleRetry();
  }

  /** Asks the connection a trivial question now and then: one that stays silent is dropped like a closed one. */
  private heartbeat(client: pg.Client): void {
    this.stopHeartbeat();
    this.beat = this.deps.timers.setTimeout(() => {
      this.beat = null;
      if (this.client !== client || this.stopped) return;
      client
        .query({
          text: 'SELECT 1',
          query_timeout: this.deps.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS,
        } as pg.QueryConfig)
        .then(
          () => {
            if (this.client === client && !this.stopped) this.heartbeat(client);
          },
          (error: unknown) => this.dropped(client, error instanceof Error ? error : new Error(String(error))),
        );
    }, this.deps.heartbeatMs ?? HEARTBEAT_MS);
    this.beat.unref?.();
  }

  private stopHeartbeat(): void {
    if (this.beat) this.deps.timers.clearTimeout(this.beat);
    this.beat = null;
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retry) return;
    const pause = this.pauseMs;
    this.pauseMs = Math.min(pause * 2, this.deps.reconnectMaxMs ?? RECONNECT_MAX_MS);
    this.retry = this.deps.timers.setTimeout(() => {
      this.retry = null;
      this.connect();
    }, pause);
    this.retry.unref?.();
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
