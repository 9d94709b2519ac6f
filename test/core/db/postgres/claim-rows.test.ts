// Claiming batch rows on a real PostgreSQL: several clients, each on its own connection, claiming the same
// batch at once send each row once; a client whose transaction holds rows does not hold up the others
// (SKIP LOCKED); and settling interrupted sends touches only the rows of clients that are gone.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  claimNextRows,
  claimRow,
  INTERRUPTED_ELSEWHERE_NOTE,
  settleInterrupted,
} from '../../../../electron/core/db/postgres/claim-rows';
import { openTeamDatabase } from '../../../../electron/core/db/postgres/open-team-database';
import { pgClusterForThisFile } from '../../../fixtures/pg-cluster-per-file';

const cluster = pgClusterForThisFile();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A fresh team history; answers its pool and URL. */
async function freshHistory(): Promise<{ url: string; pool: pg.Pool }> {
  const url = await cluster().createDatabase();
  const database = await openTeamDatabase(url);
  closers.push(() => database.close());
  return { url, pool: database.pool };
}

/** One more connection of its own, as another computer of the team would have. */
async function connection(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  closers.push(() => client.end());
  return client;
}

/** A batch of `rows` pending jobs, ids `<batch>-<row>`, all inserted in one statement. */
async function pendingBatch(
  pool: pg.Pool,
  batchId: string,
  rows: number,
  accountId = 'acc',
): Promise<string[]> {
  await pool.query(
    `INSERT INTO jobs (id, account_id, project_id, project_name, job_type, tracking, source, values_json,
       summary, first_seen_ms, batch_id, batch_row)
     SELECT $1 || '-' || n, $3, 'p', 'Project', 'video', 'pending', 'batch', '{}', 'row ' || n, 1, $1, n
       FROM generate_series(1, $2) AS n`,
    [batchId, rows, accountId],
  );
  return Array.from({ length: rows }, (_, i) => `${batchId}-${i + 1}`);
}

/** Claims 8 at a time until nothing is left (a cap stops a claimer that keeps getting rows back). */
async function claimUntilEmpty(client: pg.Client, batchId: string, clientId: string): Promise<string[]> {
  const claimed: string[] = [];
  for (let round = 0; round < 200; round++) {
    const rows = await claimNextRows(client, { batchId, limit: 8, clientId });
    expect(rows.length, 'more rows than asked for').toBeLessThanOrEqual(8);
    if (rows.length === 0) return claimed;
    claimed.push(...rows.map((row) => row.id));
  }
  return claimed;
}

async function claimTogether(claimers: number): Promise<{ all: string[]; claims: string[][] }> {
  const { url, pool } = await freshHistory();
  const all = await pendingBatch(pool, 'b', 500);
  const clients = await Promise.all(Array.from({ length: claimers }, () => connection(url)));
  const claims = await Promise.all(clients.map((client, i) => claimUntilEmpty(client, 'b', `client-${i}`)));

  // Every row went to exactly one claimer, and the database says the same claimer.
  const flat = claims.flat();
  expect(new Set(flat).size, 'a row was claimed twice').toBe(flat.length);
  expect([...flat].sort()).toEqual([...all].sort());
  const { rows } = await pool.query<{ id: string; claimed_by: string; tracking: string }>(
    `SELECT id, claimed_by, tracking FROM jobs`,
  );
  const claimerOf = new Map(claims.flatMap((ids, i) => ids.map((id) => [id, `client-${i}`] as const)));
  for (const row of rows) {
    expect(row.tracking).toBe('submitting');
    expect(row.claimed_by).toBe(claimerOf.get(row.id));
  }
  return { all, claims };
}

describe('claiming batch rows', () => {
  it('two clients claiming one 500-row batch at once claim every row exactly once', async () => {
    const { claims } = await claimTogether(2);
    console.info(`two claimers: ${claims.map((ids) => ids.length).join(' + ')} rows`);
  });

  it('four clients claiming one 500-row batch at once claim every row exactly once', async () => {
    const { claims } = await claimTogether(4);
    console.info(`four claimers: ${claims.map((ids) => ids.length).join(' + ')} rows`);
  });

  it('hands rows out in row order, and skips rows that are not pending or are archived', async () => {
    const { pool } = await freshHistory();
    await pendingBatch(pool, 'b', 6);
    await pool.query(`UPDATE jobs SET tracking = 'refused' WHERE id = 'b-1'`);
    await pool.query(`UPDATE jobs SET archived = true WHERE id = 'b-2'`);
    await pool.query(`UPDATE jobs SET tracking_note = 'was refused once' WHERE id = 'b-3'`);
    await pendingBatch(pool, 'other', 3);

    const first = await claimNextRows(pool, { batchId: 'b', limit: 2, clientId: 'me' });
    expect(first).toEqual([
      { id: 'b-3', batchRow: 3 },
      { id: 'b-4', batchRow: 4 },
    ]);
    const { rows } = await pool.query(
      `SELECT tracking, tracking_note, claimed_by FROM jobs WHERE id = 'b-3'`,
    );
    expect(rows[0]).toEqual({ tracking: 'submitting', tracking_note: null, claimed_by: 'me' });
    expect(await claimNextRows(pool, { batchId: 'b', limit: 8, clientId: 'me' })).toEqual([
      { id: 'b-5', batchRow: 5 },
      { id: 'b-6', batchRow: 6 },
    ]);
    expect(await claimNextRows(pool, { batchId: 'b', limit: 8, clientId: 'me' })).toEqual([]);
    const other = await pool.query(
      `SELECT count(*)::int AS n FROM jobs WHERE batch_id = 'other' AND tracking = 'pending'`,
    );
    expect(other.rows[0]).toEqual({ n: 3 });
  });

  it('a client whose transaction holds rows does not hold up another: it claims the next rows at once', async () => {
    const { url, pool } = await freshHistory();
    await pendingBatch(pool, 'b', 20);
    const slow = await connection(url);
    const quick = await connection(url);
    // The quick client may not wait for a lock at all: a wait would end its statement with an error.
    await quick.query(`SET lock_timeout = '1s'`);

    await slow.query('BEGIN');
    const held = await claimNextRows(slow, { batchId: 'b', limit: 8, clientId: 'slow' });
    expect(held.map((row) => row.batchRow)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    const taken = await claimNextRows(quick, { batchId: 'b', limit: 8, clientId: 'quick' });
    expect(taken.map((row) => row.batchRow)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    const rest = await claimNextRows(quick, { batchId: 'b', limit: 8, clientId: 'quick' });
    expect(rest.map((row) => row.batchRow)).toEqual([17, 18, 19, 20]);

    // The slow client gives its rows back (its transaction rolls back): they are pending again, for anyone.
    await slow.query('ROLLBACK');
    const again = await claimNextRows(quick, { batchId: 'b', limit: 8, clientId: 'quick' });
    expect(again.map((row) => row.batchRow)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('claims one row once: the first claimer gets it, every later one is told no', async () => {
    const { url, pool } = await freshHistory();
    await pendingBatch(pool, 'b', 2);
    await pool.query(`UPDATE jobs SET archived = true WHERE id = 'b-2'`);
    const [one, two] = await Promise.all([connection(url), connection(url)]);
    const answers = await Promise.all([claimRow(one, 'b-1', 'one'), claimRow(two, 'b-1', 'two')]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    const winner = answers[0] ? 'one' : 'two';
    expect(await claimRow(pool, 'b-1', 'three')).toBe(false);
    const { rows } = await pool.query(`SELECT tracking, claimed_by FROM jobs WHERE id = 'b-1'`);
    expect(rows[0]).toEqual({ tracking: 'submitting', claimed_by: winner });
    expect(await claimRow(pool, 'b-2', 'one'), 'an archived row is never sent').toBe(false);
    expect(await claimRow(pool, 'no-such-row', 'one')).toBe(false);
  });
});

describe('settling interrupted sends', () => {
  it("turns only a gone client's sends into unknown, never a live client's, and nothing else", async () => {
    const { pool } = await freshHistory();
    await pendingBatch(pool, 'b', 10);
    await pendingBatch(pool, 'c', 2, 'acc-2');
    await claimNextRows(pool, { batchId: 'b', limit: 3, clientId: 'live' }); // b-1..3
    await claimNextRows(pool, { batchId: 'b', limit: 3, clientId: 'dead' }); // b-4..6
    await claimNextRows(pool, { batchId: 'c', limit: 1, clientId: 'dead' }); // c-1 (another account)
    // A send cut off in a copied history has no client at all.
    await pool.query(`UPDATE jobs SET tracking = 'submitting' WHERE id = 'b-7'`);
    await pool.query(`UPDATE jobs SET tracking = 'active', claimed_by = 'dead' WHERE id = 'b-8'`);
    const before = await pool.query<Record<string, unknown>>(`SELECT * FROM jobs ORDER BY id`);

    const settled = await settleInterrupted(pool, {
      liveClients: ['live', 'other-live'],
      accountIds: ['acc'],
    });
    expect(settled).toEqual(['b-4', 'b-5', 'b-6', 'b-7'].map((id) => ({ id, accountId: 'acc' })));

    const after = await pool.query<Record<string, unknown>>(`SELECT * FROM jobs ORDER BY id`);
    for (const [i, row] of after.rows.entries()) {
      const was = before.rows[i]!;
      if (settled.some((s) => s.id === row.id)) {
        expect(row).toEqual({
          ...was,
          tracking: 'unknown',
          tracking_note: INTERRUPTED_ELSEWHERE_NOTE,
          change_seq: row.change_seq,
        });
      } else {
        expect(row, `${String(row.id)} was changed`).toEqual(was);
      }
    }

    // Without an account filter, the other account's row of the gone client is settled too; a second run finds nothing.
    expect(await settleInterrupted(pool, { liveClients: ['live'] })).toEqual([
      { id: 'c-1', accountId: 'acc-2' },
    ]);
    expect(await settleInterrupted(pool, { liveClients: ['live'] })).toEqual([]);
    // No one live: the live client's sends are settled as well.
    expect((await settleInterrupted(pool, { liveClients: [] })).map((row) => row.id)).toEqual([
      'b-1',
      'b-2',
      'b-3',
    ]);
  });
});
