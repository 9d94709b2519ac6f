// What the team history's schema promises, against a real PostgreSQL: every job and batch write takes a
// new change number and is announced on 'jrs_changes' to listening clients; no column could hold a key or a
// password; and the cluster the tests use survives a restart and a killed server with its data.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  openTeamDatabase,
  type TeamDatabase,
} from '../../../../electron/core/db/postgres/open-team-database';
import { findPgBinDir } from '../../../fixtures/pg-cluster';
import { pgClusterForThisFile } from '../../../fixtures/pg-cluster-per-file';

const cluster = pgClusterForThisFile();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** The writing client's id, which its connections set and its notices carry. */
const WRITER = 'writer-1';

async function freshHistory(): Promise<{ url: string; database: TeamDatabase }> {
  const url = await cluster().createDatabase();
  const database = await openTeamDatabase(url, { clientId: WRITER });
  closers.push(() => database.close());
  return { url, database };
}

interface Change {
  a: string;
  id: string;
  s: number;
  t: 'job' | 'batch';
  c: string | null;
}

/** A second client LISTENing on 'jrs_changes', as another computer of the team would. */
async function listener(url: string): Promise<{ next: () => Promise<Change> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  closers.push(() => client.end());
  const queued: Change[] = [];
  const waiting: ((change: Change) => void)[] = [];
  client.on('notification', (message) => {
    expect(message.channel).toBe('jrs_changes');
    const change = JSON.parse(message.payload ?? '') as Change;
    const waiter = waiting.shift();
    if (waiter) waiter(change);
    else queued.push(change);
  });
  await client.query('LISTEN jrs_changes');
  return {
    next: () => {
      const change = queued.shift();
      if (change) return Promise.resolve(change);
      return new Promise((resolve, reject) => {
        // A deadline meant for a loaded machine, so a missing NOTIFY says so instead of Vitest's timeout.
        const timer = setTimeout(() => reject(new Error('No notification came on jrs_changes')), 10_000);
        waiting.push((next) => {
          clearTimeout(timer);
          resolve(next);
        });
      });
    },
  };
}

const insertJob = `INSERT INTO jobs (id, account_id, project_id, project_name, job_type, tracking, source,
  values_json, summary, first_seen_ms, submitted_by, submitted_at_ms)
  VALUES ($1, $2, 'p', 'Project', 'video', 'pending', 'form', '{}', 'a job', 1, 'Ana (ana@studio-3)', 1764140000000)`;

describe('the team history schema', () => {
  it('announces an inserted job to a listening client with its account, id, change number and writer', async () => {
    const { url, database } = await freshHistory();
    const other = await listener(url);
    await database.pool.query(insertJob, ['job-1', 'acc-1']);
    const inserted = await other.next();
    const { rows } = await database.pool.query<{ change_seq: number }>(
      `SELECT change_seq FROM jobs WHERE id = 'job-1'`,
    );
    expect(inserted).toEqual({ a: 'acc-1', id: 'job-1', s: rows[0]!.change_seq, t: 'job', c: WRITER });

    await database.pool.query(`UPDATE jobs SET status = 'SUCCESS', tracking = 'final' WHERE id = 'job-1'`);
    const updated = await other.next();
    expect(updated).toMatchObject({ a: 'acc-1', id: 'job-1', t: 'job', c: WRITER });
    expect(updated.s).toBeGreaterThan(inserted.s);

    await database.pool.query(
      `INSERT INTO batches (id, account_id, project_id, name, created_ms, row_count) VALUES ('b-1', 'acc-1', 'p', 'Spring', 1, 3)`,
    );
    const batch = await other.next();
    expect(batch).toMatchObject({ a: 'acc-1', id: 'b-1', t: 'batch', c: WRITER });
    expect(batch.s).toBeGreaterThan(updated.s);
  });

  it('has no column that could hold an API key, a secret, a password or a token', async () => {
    const { database } = await freshHistory();
    const { rows } = await database.pool.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    // The query sees the schema (jobs alone has thirty columns), and none of it is named like a secret.
    expect(rows.filter((row) => row.table_name === 'jobs').length).toBeGreaterThanOrEqual(30);
    const suspicious = rows.filter((row) => /key|secret|passw|token|credential/i.test(row.column_name));
    expect(suspicious).toEqual([]);
  });

  it('keys downloads by computer and job: the same job saved on two computers is two records', async () => {
    const { database } = await freshHistory();
    const save = `INSERT INTO downloads (computer_id, job_id, account_id, state, root, target, updated_ms)
      VALUES ($1, 'job-1', 'acc-1', 'done', '/home/x/Videos', 'spring.mp4', 1)`;
    await database.pool.query(save, ['computer-a']);
    await database.pool.query(save, ['computer-b']);
    await expect(database.pool.query(save, ['computer-a'])).rejects.toMatchObject({ code: '23505' });
  });
});

describe('the test cluster', () => {
  it('finds the server, and without one says to run scripts/setup.sh instead of skipping', () => {
    expect(findPgBinDir()).toMatch(/bin$/);
    expect(() => findPgBinDir('/nonexistent/pg_config', '/nonexistent')).toThrow(
      /need a PostgreSQL server \(15 or newer\) and none was found .* Run scripts\/setup\.sh/,
    );
  });

  it('keeps its data across a restart and after its server is killed', async () => {
    const { url } = await freshHistory();
    const write = async (id: string): Promise<void> => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(insertJob, [id, 'acc-1']);
      await client.end();
    };
    await write('before-restart');
    await cluster().restart();
    await write('before-kill');
    // A checkpoint puts the write on disk: synchronous_commit is off, so a kill may lose the last moment.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('CHECKPOINT');
    await admin.end();
    await cluster().kill();
    await cluster().restart();
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    const { rows } = await reader.query<{ id: string }>('SELECT id FROM jobs ORDER BY id');
    await reader.end();
    expect(rows.map((row) => row.id)).toEqual(['before-kill', 'before-restart']);
  });
});
