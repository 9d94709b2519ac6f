// The team's live changes against a real PostgreSQL: writes made on another connection reach the listener
// as typed changes, a burst loses none, a restart or a cut network loses none either (the read that catches
// up after reconnecting, which the test drives on fake timers), and a notice the app does not know is
// ignored with a line in the log. Waits on the database are real, each with a deadline and a sentence.
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ChangeListener,
  HEARTBEAT_MS,
  RECONNECT_FIRST_MS,
  type TeamChange,
} from '../../../../electron/core/db/postgres/change-listener';
import { connectTeamDatabase } from '../../../../electron/core/db/postgres/connect';
import {
  openTeamDatabase,
  type TeamDatabase,
} from '../../../../electron/core/db/postgres/open-team-database';
import { FakeTime } from '../../../fixtures/fake-time';
import { pgClusterForThisFile } from '../../../fixtures/pg-cluster-per-file';
import { cutOffProxy, type CutOffProxy } from './cut-off-proxy';

const cluster = pgClusterForThisFile();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const DEADLINE_MS = 20_000;

/** Waits (real time: the database must answer) until `done` holds, or fails with `what` after a deadline. */
async function until(done: () => boolean, what: string): Promise<void> {
  const end = Date.now() + DEADLINE_MS;
  while (!done()) {
    if (Date.now() > end) throw new Error(`${what} (waited ${DEADLINE_MS / 1000} s)`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

interface Listening {
  listener: ChangeListener;
  changes: TeamChange[];
  /** performance.now() when each change arrived. */
  heardAt: number[];
  lines: string[];
  time: FakeTime;
  proxy: CutOffProxy;
  /** The ids of the changes seen so far. */
  ids(): Set<string>;
}

/** The writer's history (the test's own connection) and a listener on its own pool, through a relay. */
async function history(): Promise<{ database: TeamDatabase; listen(): Promise<Listening> }> {
  const url = await cluster().createDatabase();
  const database = await openTeamDatabase(url);
  closers.push(() => database.close());
  return {
    database,
    async listen() {
      const proxy = await cutOffProxy(url);
      closers.push(() => proxy.close());
      const connection = await connectTeamDatabase(proxy.url, { onIdleError: () => undefined });
      closers.push(() => connection.close());
      const time = new FakeTime();
      const lines: string[] = [];
      const changes: TeamChange[] = [];
      const heardAt: number[] = [];
      const listener = new ChangeListener({
        pool: connection.pool,
        timers: time,
        // The driver's own timer, in real time: a live server answers SELECT 1 in milliseconds.
        heartbeatTimeoutMs: 500,
        log: (line) => lines.push(line),
      });
      listener.onChange((change) => {
        changes.push(change);
        heardAt.push(performance.now());
      });
      closers.push(() => listener.stop());
      expect(await listener.start()).toBe(true);
      return { listener, changes, heardAt, lines, time, proxy, ids: () => new Set(changes.map((c) => c.id)) };
    },
  };
}

const INSERT_JOBS = `INSERT INTO jobs (id, account_id, project_id, project_name, job_type, tracking, source,
  values_json, summary, first_seen_ms)
  SELECT $1 || n, $2, 'p', 'Project', 'video', 'active', 'form', '{}', 'a job', 1 FROM generate_series(1, $3::int) AS n`;

async function insertJobs(
  database: TeamDatabase,
  prefix: string,
  count: number,
  account = 'acc-1',
): Promise<string[]> {
  await database.pool.query(INSERT_JOBS, [prefix, account, count]);
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
}

/** One statement on a connection of its own that sets no client id. */
async function database(url: string, sql: string, params: unknown[]): Promise<void> {
  const connection = await connectTeamDatabase(url, { maxConnections: 1 });
  try {
    await connection.pool.query(sql, params);
  } finally {
    await connection.close();
  }
}

async function seqOf(database: TeamDatabase, table: 'jobs' | 'batches', id: string): Promise<number> {
  const { rows } = await database.pool.query<{ change_seq: number }>(
    `SELECT change_seq FROM ${table} WHERE id = $1`,
    [id],
  );
  return rows[0]!.change_seq;
}

describe('the change listener', () => {
  it('hears a job inserted and updated, and a batch, written on another connection', async () => {
    const { database, listen } = await history();
    const { listener, changes } = await listen();
    await insertJobs(database, 'job-', 1, 'acc-7');
    await until(() => changes.length === 1, 'the insert was never heard');
    expect(changes[0]).toEqual({
      table: 'job',
      accountId: 'acc-7',
      id: 'job-1',
      seq: await seqOf(database, 'jobs', 'job-1'),
    });

    await database.pool.query(`UPDATE jobs SET status = 'SUCCESS', tracking = 'final' WHERE id = 'job-1'`);
    await database.pool.query(
      `INSERT INTO batches (id, account_id, project_id, name, created_ms, row_count) VALUES ('b-1', 'acc-7', 'p', 'Spring', 1, 3)`,
    );
    await until(() => changes.length === 3, 'the update and the batch were never heard');
    expect(changes.slice(1)).toEqual([
      { table: 'job', accountId: 'acc-7', id: 'job-1', seq: await seqOf(database, 'jobs', 'job-1') },
      { table: 'batch', accountId: 'acc-7', id: 'b-1', seq: await seqOf(database, 'batches', 'b-1') },
    ]);
    expect(listener.lastSeq).toBe(changes[2]!.seq);
  });

  it('hears every one of a burst of 200 updates made at once on ten connections', async () => {
    const { database, listen } = await history();
    const ids = await insertJobs(database, 'burst-', 200);
    const { changes, ids: heard } = await listen();
    await Promise.all(
      ids.map((id) => database.pool.query(`UPDATE jobs SET status = 'IN_PROGRESS' WHERE id = $1`, [id])),
    );
    await until(() => heard().size === 200, `only ${heard().size} of 200 updates were heard`);
    expect([...heard()].sort()).toEqual([...ids].sort());
    expect(changes).toHaveLength(200);
  });

  it('reads what changed while the server restarted, once it has listened again', async () => {
    const { database, listen } = await history();
    const { listener, lines, time, ids } = await listen();
    const before = await insertJobs(database, 'before-', 3);
    await until(() => before.every((id) => ids().has(id)), 'the writes before the restart were never heard');

    await cluster().restart();
    await until(() => !listener.isListening, 'the listener never noticed the server went away');
    expect(lines.join('\n')).toMatch(
      /Lost the live connection to the team database \(.+\); reconnecting in 0\.3 s, and what changed meanwhile is read then\./,
    );
    // Written while the listener is away (its reconnect waits on fake time): no NOTIFY can reach it.
    const meanwhile = await insertJobs(database, 'meanwhile-', 5);
    await database.pool.query(`UPDATE jobs SET status = 'SUCCESS' WHERE id = 'before-1'`);
    const updatedSeq = await seqOf(database, 'jobs', 'before-1');
    expect(meanwhile.some((id) => ids().has(id))).toBe(false);

    await time.advance(RECONNECT_FIRST_MS);
    await listener.idle();
    expect(listener.isListening).toBe(true);
    for (const id of meanwhile) expect(ids(), `${id}, written while away`).toContain(id);
    expect(listener.lastSeq).toBe(updatedSeq);
    expect(lines.at(-1)).toBe('Live changes from the team database again; 6 changes made meanwhile read.');

    const after = await insertJobs(database, 'after-', 2);
    await until(() => after.every((id) => ids().has(id)), 'the writes after reconnecting were never heard');
  });

  it('keeps trying, less and less often, while the network is cut, then reads what it missed', async () => {
    const { database, listen } = await history();
    const { listener, lines, time, proxy, ids } = await listen();
    await proxy.cut();
    await until(() => !listener.isListening, 'the listener never noticed the network went away');
    const meanwhile = await insertJobs(database, 'cut-', 4);

    // Each failed attempt waits twice as long as the one before: 0.25 s, 0.5 s, 1 s, 2 s.
    const pauses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const next = time.nextAt()!;
      pauses.push(next - time.now());
      await time.advanceTo(next);
      await listener.idle();
      expect(listener.isListening).toBe(false);
    }
    expect(pauses).toEqual([250, 500, 1000, 2000]);
    // The drop is said once; the failed attempts add nothing to the log.
    expect(lines).toEqual([expect.stringMatching(/^Lost the live connection to the team database/)]);

    await proxy.restore();
    await time.advanceTo(time.nextAt()!);
    await listener.idle();
    expect(listener.isListening).toBe(true);
    for (const id of meanwhile) expect(ids(), `${id}, written while cut off`).toContain(id);
    // Back to the shortest pause for the next drop.
    await proxy.cut();
    await until(() => !listener.isListening, 'the listener never noticed the second cut');
    expect(time.nextAt()! - time.now()).toBe(RECONNECT_FIRST_MS);
  });

  it('finds a connection gone silent at its next heartbeat, and reads what it missed', async () => {
    const { database, listen } = await history();
    const { listener, lines, time, proxy, ids } = await listen();
    proxy.stall(); // nothing closes: the notices of these writes just never arrive
    const meanwhile = await insertJobs(database, 'silent-', 3);
    await time.advance(HEARTBEAT_MS - 1);
    expect(listener.isListening).toBe(true);
    await time.advance(1);
    await until(() => !listener.isListening, 'the heartbeat never found the connection silent');
    expect(lines).toEqual([
      'Lost the live connection to the team database (Query read timeout); reconnecting in 0.3 s, and what changed meanwhile is read then.',
    ]);
    await proxy.restore();
    await time.advance(RECONNECT_FIRST_MS);
    await listener.idle();
    expect(listener.isListening).toBe(true);
    for (const id of meanwhile) expect(ids(), `${id}, written while silent`).toContain(id);

    // Stopping while the network is silent again: the goodbye never comes, the stop ends after a second.
    proxy.stall();
    let stopped = false;
    const stopping = listener.stop().then(() => (stopped = true));
    await listener.idle();
    await time.advance(1_000);
    await until(() => stopped, 'stopping on a silent connection never ended');
    await stopping;
  });

  it('reads again a write that took an earlier change number but committed while it was away', async () => {
    const { database, listen } = await history();
    const { listener, time, proxy, ids } = await listen();
    // A slow transaction takes its change number first, a quick one takes the next and commits.
    const slow = await database.pool.connect();
    try {
      await slow.query('BEGIN');
      await slow.query(INSERT_JOBS, ['slow-', 'acc-1', 1]);
      const quick = await insertJobs(database, 'quick-', 1);
      await until(() => ids().has(quick[0]!), 'the quick write was never heard');
      // The listener is cut off; the slow one commits meanwhile, with a number below the last one heard.
      await proxy.cut();
      await until(() => !listener.isListening, 'the listener never noticed the network went away');
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    expect(await seqOf(database, 'jobs', 'slow-1')).toBeLessThan(listener.lastSeq!);
    await proxy.restore();
    await time.advance(RECONNECT_FIRST_MS);
    await listener.idle();
    expect(ids()).toContain('slow-1');
  });

  it('ignores a notice it does not understand, with a line in the log, and goes on', async () => {
    const { database, listen } = await history();
    const { changes, lines } = await listen();
    await database.pool.query(`SELECT pg_notify('jrs_changes', 'garbage')`);
    await database.pool.query(`SELECT pg_notify('jrs_changes', '{"a":"acc-1","id":"x","s":-4,"t":"job"}')`);
    await insertJobs(database, 'fine-', 1);
    // Notices arrive in the order they were sent: once the job is heard, both others were handled.
    await until(
      () => changes.some((change) => change.id === 'fine-1'),
      'the job after the malformed notices was never heard',
    );
    expect(changes.map((change) => change.id)).toEqual(['fine-1']);
    expect(lines).toEqual([
      'Ignored a notice on jrs_changes that is not a change this app knows ("garbage"); a newer app or another program may have sent it.',
      'Ignored a notice on jrs_changes that is not a change this app knows ("{"a":"acc-1","id":"x","s":-4,"t":"job"}"); a newer app or another program may have sent it.',
    ]);
  });

  it("leaves out its own client's writes (their change number still counts) and hears every other's", async () => {
    const url = await cluster().createDatabase();
    // This client's pool (its connections say who writes) and a colleague's, on one database.
    const mine = await openTeamDatabase(url, { clientId: 'client-mine' });
    closers.push(() => mine.close());
    const theirs = await openTeamDatabase(url, { clientId: 'client-theirs' });
    closers.push(() => theirs.close());
    const time = new FakeTime();
    const listener = new ChangeListener({ pool: mine.pool, timers: time, clientId: 'client-mine' });
    const changes: TeamChange[] = [];
    listener.onChange((change) => changes.push(change));
    closers.push(() => listener.stop());
    expect(await listener.start()).toBe(true);

    await insertJobs(mine, 'mine-a-', 2);
    await insertJobs(theirs, 'theirs-a-', 1);
    await mine.pool.query(`UPDATE jobs SET status = 'IN_PROGRESS' WHERE id = 'theirs-a-1'`);
    // A write from a connection that names no client (another program, psql) is heard too.
    await database(url, 'UPDATE jobs SET status = $1 WHERE id = $2', ['FAILED', 'mine-a-2']);
    await insertJobs(theirs, 'theirs-b-', 1);
    await until(() => changes.some((change) => change.id === 'theirs-b-1'), 'the last write was never heard');
    expect(changes.map((change) => change.id)).toEqual(['theirs-a-1', 'mine-a-2', 'theirs-b-1']);
    expect(listener.ownSkipped).toBe(3);

    // Its own last write moves the change number on (a catch-up after a drop starts past it).
    await insertJobs(mine, 'mine-c-', 1);
    const last = await seqOf(mine, 'jobs', 'mine-c-1');
    await until(() => listener.lastSeq === last, `the change number stayed at ${listener.lastSeq}`);
    expect(changes).toHaveLength(3);
    expect(listener.ownSkipped).toBe(4);
  });

  it('measures the delay from a write to its change, over 200 writes (printed, not a target)', async () => {
    const { database, listen } = await history();
    const ids = await insertJobs(database, 'timed-', 200);
    const { changes, heardAt } = await listen();
    const fromSend: number[] = [];
    const fromCommit: number[] = [];
    for (const [index, id] of ids.entries()) {
      const sent = performance.now();
      await database.pool.query(`UPDATE jobs SET status = 'SUCCESS' WHERE id = $1`, [id]);
      const committed = performance.now();
      await until(() => changes.length > index, `the change of ${id} was never heard`);
      const heard = heardAt[index]!;
      fromSend.push(heard - sent);
      fromCommit.push(heard - committed);
    }
    expect(changes.map((change) => change.id)).toEqual(ids);
    const quantile = (values: number[], q: number): string =>
      [...values]
        .sort((a, b) => a - b)
        [Math.min(values.length - 1, Math.floor(q * values.length))]!.toFixed(2);
    console.log(
      `change delay over 200 writes: from sending the UPDATE p50 ${quantile(fromSend, 0.5)} ms, p95 ${quantile(fromSend, 0.95)} ms; from its COMMIT acknowledged p50 ${quantile(fromCommit, 0.5)} ms, p95 ${quantile(fromCommit, 0.95)} ms`,
    );
  });
});
