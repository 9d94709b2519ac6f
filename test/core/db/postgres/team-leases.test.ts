// Team leases against a real PostgreSQL, on injected time: the clients' clocks and timers are a FakeTime the
// test moves; only the database's answers are waited for in real time (with a deadline). At every step the
// test counts who believes it holds each lease and checks the leases table agrees: never two holders.
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connectTeamDatabase } from '../../../../electron/core/db/postgres/connect';
import { openTeamDatabase } from '../../../../electron/core/db/postgres/open-team-database';
import { TeamLeases, type LeaseChange } from '../../../../electron/core/db/postgres/team-leases';
import type { Clock, TimerHandle, Timers } from '../../../../electron/core/kernel/ports';
import { FakeTime } from '../../../fixtures/fake-time';
import { pgClusterForThisFile } from '../../../fixtures/pg-cluster-per-file';
import { cutOffProxy, type CutOffProxy } from './cut-off-proxy';

const cluster = pgClusterForThisFile();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A long lease costs nothing on fake time and leaves room for the few ms the clients' offsets differ by. */
const LEASE_MS = 30_000;
const PERIOD_MS = LEASE_MS / 3;
const HOUR = 3_600_000;

/** Waits for the database (real time), with a deadline meant for a loaded machine and a sentence. */
async function answered<T>(work: Promise<T>, what: string, ms = 20_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Timers that stop firing once frozen, as those of a process killed without a word. */
function freezable(timers: Timers): Timers & { freeze(): void } {
  let frozen = false;
  return {
    setTimeout: (callback, ms): TimerHandle => timers.setTimeout(() => frozen || callback(), ms),
    clearTimeout: (handle) => timers.clearTimeout(handle),
    freeze: () => {
      frozen = true;
    },
  };
}

interface Client {
  readonly name: string;
  readonly leases: TeamLeases;
  readonly lines: string[];
  readonly changes: LeaseChange[];
}

interface Team {
  time: FakeTime;
  /** The clients reach the database through it (the test's own checks go straight to the server). */
  proxy: CutOffProxy;
  admin: pg.Pool;
  clients: Client[];
  /**
   * A client that has measured its offset to the server's clock. All join at the same fake instant: a client
   * measuring later, after fake time ran ahead of the server's real clock, would count that as skew.
   */
  join(name: string, options?: { clock?: Clock; timers?: Timers }): Promise<Client>;
  /** Fake ms since the team started (the tests' timelines count from 0). */
  elapsed(): number;
  /** Moves the team's time, waits for every try the move started, then checks there is one holder at most. */
  advance(ms: number, names?: string[]): Promise<void>;
  /** The clients that believe they hold `name`, checked against the table (throws on two). */
  holders(name: string): Promise<string[]>;
}

async function team(): Promise<Team> {
  const url = await cluster().createDatabase();
  const database = await openTeamDatabase(url);
  closers.push(() => database.close());
  const proxy = await cutOffProxy(url);
  closers.push(() => proxy.close());
  const time = new FakeTime();
  const start = time.now();
  const clients: Client[] = [];
  const names = new Set<string>();

  const holders = async (name: string): Promise<string[]> => {
    const holding = clients.filter((client) => client.leases.holds(name)).map((client) => client.name);
    expect(
      holding.length,
      `more than one client holds "${name}" at ${(time.now() - start) / 1000} s: ${holding.join(', ')}`,
    ).toBeLessThanOrEqual(1);
    if (holding[0]) {
      const { rows } = await answered(
        database.pool.query<{ owner: string }>('SELECT owner FROM leases WHERE name = $1', [name]),
        'the leases table',
      );
      expect(rows[0]?.owner, `the table disagrees with ${holding[0]} about "${name}"`).toBe(holding[0]);
    }
    return holding;
  };

  return {
    time,
    proxy,
    admin: database.pool,
    elapsed: () => time.now() - start,
    clients,
    async join(name, options = {}) {
      const connection = await connectTeamDatabase(proxy.url, { onIdleError: () => undefined });
      closers.push(() => connection.close());
      const lines: string[] = [];
      const changes: LeaseChange[] = [];
      const leases = new TeamLeases({
        pool: connection.pool,
        owner: name,
        host: `studio-${name}`,
        pid: 1000 + clients.length,
        clock: options.clock ?? time,
        timers: options.timers ?? time,
        leaseMs: LEASE_MS,
        // Measured once, at join: fake time runs far ahead of the server's real clock, so a measure made
        // later counts the difference as skew (the test of a clock that jumps relies on exactly that).
        remeasureMs: 24 * HOUR,
        log: (line) => lines.push(line),
      });
      leases.onChange((change) => changes.push(change));
      closers.push(() => leases.stop());
      await answered(leases.start(), `${name} measuring its offset to the server's clock`);
      const client = { name, leases, lines, changes };
      clients.push(client);
      return client;
    },
    async advance(ms, only) {
      await time.advance(ms);
      await answered(
        Promise.all(clients.map((client) => client.leases.idle())),
        'the lease clients waiting on the team database',
      );
      for (const name of only ?? names) await holders(name);
    },
    async holders(name) {
      names.add(name);
      return holders(name);
    },
  };
}

const POLL_1 = 'poll:acc-1';
const POLL_2 = 'poll:acc-2';

describe('team leases', () => {
  it('lets one client of three hold a name, even when all try at once, and each account its own holder', async () => {
    const t = await team();
    const [a, b, c] = [await t.join('a'), await t.join('b'), await t.join('c')];
    const first = await answered(
      Promise.all([a, b, c].map((client) => client.leases.hold(POLL_1))),
      'three first tries',
    );
    expect(first.filter(Boolean)).toHaveLength(1);
    const holder = (await t.holders(POLL_1))[0]!;
    // The next account is taken by whoever asks first: another client.
    const second = [a, b, c].find((client) => client.name !== holder)!;
    expect(await second.leases.hold(POLL_2)).toBe(true);
    for (const client of [a, b, c]) await client.leases.hold(POLL_2);
    expect(await t.holders(POLL_2)).toEqual([second.name]);

    // Renewed every third of a lease, for ten leases' time: the holders never change.
    for (let step = 0; step < 30; step++) await t.advance(PERIOD_MS);
    expect(await t.holders(POLL_1)).toEqual([holder]);
    expect(await t.holders(POLL_2)).toEqual([second.name]);
    const { rows } = await t.admin.query<{ name: string; host: string }>(
      'SELECT name, host FROM leases ORDER BY name',
    );
    expect(rows).toEqual([
      { name: POLL_1, host: `studio-${holder}` },
      { name: POLL_2, host: `studio-${second.name}` },
    ]);
  });

  it('gives the lease up on a clean stop, and another client takes it at its next try', async () => {
    const t = await team();
    const [a, b] = [await t.join('a'), await t.join('b')];
    expect(await a.leases.hold(POLL_1)).toBe(true); // tries at 0, 10 s, 20 s
    await t.time.advance(PERIOD_MS / 2);
    expect(await b.leases.hold(POLL_1)).toBe(false); // tries at 5 s, 15 s
    await t.advance(PERIOD_MS / 2 + 1_000);

    await answered(a.leases.stop(), 'a clean stop'); // at 11 s
    expect(a.changes).toEqual([
      { name: POLL_1, holding: true },
      { name: POLL_1, holding: false },
    ]);
    const { rows } = await t.admin.query('SELECT owner FROM leases');
    expect(rows).toEqual([]);
    expect(await t.holders(POLL_1)).toEqual([]);
    // b tries at its own pace: a period after its last try, long before a lease would have lapsed.
    await t.advance(PERIOD_MS / 2 - 1_000);
    expect(await t.holders(POLL_1)).toEqual(['b']);
    expect(b.changes).toEqual([{ name: POLL_1, holding: true }]);
  });

  it('gives a lease whose holder stopped renewing (killed) to another after it lapses, not before', async () => {
    const t = await team();
    const frozen = freezable(t.time);
    const [a, b] = [await t.join('a', { timers: frozen }), await t.join('b')];
    expect(await a.leases.hold(POLL_1)).toBe(true); // t=0; renewals at 10 s, 20 s
    await t.time.advance(PERIOD_MS / 2);
    await b.leases.hold(POLL_1); // b tries at 5 s, 15 s, 25 s, …
    for (let step = 0; step < 3; step++) await t.advance(5_000);
    await t.advance(1_000); // 21 s: a renewed at 20 s, so its lease lapses at 50 s
    frozen.freeze();

    for (const at of [25_000, 35_000, 45_000]) {
      await t.advance(at - t.elapsed());
      expect(await t.holders(POLL_1), `at ${at / 1000} s`).toEqual(at < 45_000 ? ['a'] : []);
    }
    // At 45 s a no longer counts on its lease (it could lapse at any moment now), and b may not take it yet.
    expect(b.leases.holds(POLL_1)).toBe(false);
    await t.advance(10_000); // 55 s: lapsed at 50 s
    expect(await t.holders(POLL_1)).toEqual(['b']);
  });

  it('agrees on when a lease lapses with clients whose clocks are an hour ahead and an hour behind', async () => {
    const t = await team();
    const behindTimers = freezable(t.time);
    const behind = await t.join('behind', {
      clock: { now: () => t.time.now() - HOUR },
      timers: behindTimers,
    });
    const right = await t.join('right');
    const ahead = await t.join('ahead', { clock: { now: () => t.time.now() + HOUR } });
    // Each measured its offset to the server: they see one team time, to within the queries' round trips.
    const nows = [behind, right, ahead].map((client) => client.leases.teamNow()!);
    expect(Math.max(...nows) - Math.min(...nows)).toBeLessThan(LEASE_MS / 6);

    expect(await behind.leases.hold(POLL_1)).toBe(true); // tries at 0, 10 s, 20 s, …
    await t.time.advance(3_000);
    await right.leases.hold(POLL_1); // 3 s, 13 s, …
    await t.time.advance(3_000);
    await ahead.leases.hold(POLL_1); // 6 s, 16 s, …
    // Ten leases' time: the clock an hour ahead never sees the lease as lapsed, nor the holder's as old.
    while (t.elapsed() < 300_000) await t.advance(Math.min(3_000, 300_000 - t.elapsed()));
    expect(await t.holders(POLL_1)).toEqual(['behind']);
    behindTimers.freeze(); // t=300 s, right after its renewal: its lease lapses at 330 s

    for (let at = 303_000; at <= 330_000; at += 3_000) {
      await t.advance(3_000);
      const holding = await t.holders(POLL_1);
      expect(holding, `at ${at / 1000} s`).toEqual(at < 325_000 ? ['behind'] : []);
    }
    // One step per try, so each finds what the one before left: right tries first after the lapse.
    await t.advance(3_000); // 333 s
    expect(await t.holders(POLL_1)).toEqual(['right']);
    await t.advance(3_000); // 336 s: ahead tries too, and finds it held
    expect(await t.holders(POLL_1)).toEqual(['right']);
  });

  it('measures the offset again when its clock jumps, and does not take a lease another holds', async () => {
    const t = await team();
    let jump = 0;
    const [a, b] = [await t.join('a'), await t.join('b', { clock: { now: () => t.time.now() + jump } })];
    expect(await a.leases.hold(POLL_1)).toBe(true);
    await t.time.advance(5_000);
    await b.leases.hold(POLL_1);
    for (let step = 0; step < 3; step++) await t.advance(5_000);
    jump = HOUR; // 20 s: someone set b's clock an hour ahead
    for (let step = 0; step < 6; step++) await t.advance(5_000);
    expect(await t.holders(POLL_1)).toEqual(['a']);
    expect(b.lines.join('\n')).toMatch(/clock moved by 3\d{3}(\.\d)? s against the team database's/);
  });

  it('stops counting on its lease in time when its clock is set back an hour while renewals fail', async () => {
    const t = await team();
    let jump = 0;
    const a = await t.join('a', { clock: { now: () => t.time.now() + jump } });
    expect(await a.leases.hold(POLL_1)).toBe(true); // 0, 10 s, 20 s, …
    for (let step = 0; step < 4; step++) await t.advance(5_000); // 20 s: renewed, valid until 45 s
    jump = -HOUR;
    await t.proxy.cut();
    await t.advance(10_000); // 30 s: a's renewal fails; by its own clock it would hold for another hour
    expect(a.leases.holds(POLL_1)).toBe(false);
    expect(a.changes.at(-1)).toEqual({ name: POLL_1, holding: false });
  });

  it('keeps one holder at most while the database restarts and the network drops, and says so in words', async () => {
    const t = await team();
    const [a, b] = [await t.join('a'), await t.join('b')];
    expect(await a.leases.hold(POLL_1)).toBe(true); // 0, 10 s, 20 s, …
    await t.time.advance(5_000);
    await b.leases.hold(POLL_1); // 5 s, 15 s, …
    await t.advance(7_000); // 12 s

    // A clean restart between two renewals: every pooled connection is cut; a keeps its lease.
    await cluster().restart();
    for (let step = 0; step < 4; step++) await t.advance(5_000); // to 32 s
    expect(await t.holders(POLL_1)).toEqual(['a']);

    // The network drops after a's renewal at 30 s (its lease lapses at 60 s): every try fails.
    await t.proxy.cut();
    for (let at = 35_000; at <= 55_000; at += 5_000) {
      await t.advance(at - t.elapsed());
      // a keeps counting on its lease only while it cannot have lapsed (until 55 s).
      expect(a.leases.holds(POLL_1), `at ${at / 1000} s`).toBe(at < 55_000);
    }
    expect(a.lines.join('\n')).toMatch(
      /Could not renew the team lease "poll:acc-1": the team database did not answer \(.+\)\. Trying again every 10 s/,
    );
    expect(a.lines.join('\n')).toMatch(
      /Stopped the work of "poll:acc-1": its team lease could not be renewed/,
    );
    expect(a.changes.at(-1)).toEqual({ name: POLL_1, holding: false });

    await t.proxy.restore();
    for (let step = 0; step < 2; step++) await t.advance(5_000); // 60 s, 65 s
    expect(await t.holders(POLL_1)).toHaveLength(1);
    expect(a.lines.join('\n')).toMatch(/The team database answers again/);
  }, 60_000);
});
