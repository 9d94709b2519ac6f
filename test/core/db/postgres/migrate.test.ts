// The team history's migrations, against a real PostgreSQL: two clients starting together migrate once
// (the advisory lock makes the second wait and find the work done), and a history made by a newer app is
// read but never written, with the sentence that says to update.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../electron/core/kernel/app-error';
import {
  openTeamDatabase,
  type TeamDatabase,
} from '../../../../electron/core/db/postgres/open-team-database';
import { PG_LATEST_VERSION, PG_MIGRATIONS } from '../../../../electron/core/db/postgres/migrations';
import { NEWER_HISTORY_SENTENCE } from '../../../../electron/core/db/postgres/schema-guard';
import { pgClusterForThisFile } from '../../../fixtures/pg-cluster-per-file';

const cluster = pgClusterForThisFile();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function open(
  url: string,
  options: Parameters<typeof openTeamDatabase>[1] = {},
): Promise<TeamDatabase> {
  const database = await openTeamDatabase(url, options);
  closers.push(() => database.close());
  return database;
}

async function admin(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  closers.push(() => client.end());
  return client;
}

async function versionsIn(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ version: number }>(
    'SELECT version FROM schema_version ORDER BY version',
  );
  return rows.map((row) => row.version);
}

/** Polls `check` until it holds, failing with `what` after a deadline meant for a loaded machine. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Never came: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const newJob = `INSERT INTO jobs (id, account_id, project_id, project_name, job_type, tracking, source, values_json,
  summary, first_seen_ms) VALUES ($1, 'acc', 'p', 'Project', 'video', 'pending', 'form', '{}', 'a job', 1)`;

describe('migrating the team history', () => {
  it('brings a new database to the latest schema, and a second start changes nothing', async () => {
    const url = await cluster().createDatabase();
    const first = await open(url);
    expect(first.schema.schema).toEqual({
      version: PG_LATEST_VERSION,
      known: PG_LATEST_VERSION,
      applied: [1],
    });
    expect(first.schema.writable).toBe(true);
    const again = await open(url);
    expect(again.schema.schema.applied).toEqual([]);
    expect(await versionsIn(await admin(url))).toEqual(PG_MIGRATIONS.map((m) => m.version));
  });

  it('two clients starting together migrate once, and both can write', async () => {
    const url = await cluster().createDatabase();
    const [a, b] = await Promise.all([open(url), open(url)]);
    expect([a.schema.schema.applied, b.schema.schema.applied].sort()).toEqual([[], [1]]);
    expect(await versionsIn(await admin(url))).toEqual([1]);
    await a.pool.query(newJob, ['from-a']);
    await b.pool.query(newJob, ['from-b']);
  });

  it('a client that starts while another is migrating waits on the lock and finds the work done', async () => {
    // Made to overlap every time: the first holds its transaction open until the second is seen waiting on
    // a lock (the advisory lock; were there none, on the first's half-made tables) or has read the version.
    const url = await cluster().createDatabase();
    const watcher = await admin(url);
    let secondReadVersion = false;
    const waitingOnLock = async (): Promise<boolean> => {
      const { rows } = await watcher.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`,
      );
      return rows[0]!.n > 0;
    };
    let firstInside!: () => void;
    const firstIsInside = new Promise<void>((resolve) => (firstInside = resolve));
    const first = open(url, {
      migrateHooks: {
        afterVersionRead: async () => {
          firstInside();
          await until(
            'the second client waiting on the lock',
            async () => secondReadVersion || (await waitingOnLock()),
          );
        },
      },
    });
    await firstIsInside;
    const second = open(url, {
      migrateHooks: {
        afterVersionRead: async (version) => {
          secondReadVersion = true;
          // With the lock, the second reads the version only after the first committed it.
          expect(version).toBe(PG_LATEST_VERSION);
        },
      },
    });
    const [a, b] = await Promise.all([first, second]);
    expect(a.schema.schema.applied).toEqual([1]);
    expect(b.schema.schema.applied).toEqual([]);
    expect(await versionsIn(watcher)).toEqual([1]);
  });

  it('a history made by a newer app is read, and every write is refused with the sentence to update', async () => {
    const url = await cluster().createDatabase();
    const setup = await open(url);
    await setup.pool.query(newJob, ['older-job']);
    // A colleague's newer app moved the schema on.
    const other = await admin(url);
    await other.query(
      `INSERT INTO schema_version (version, name) VALUES (${PG_LATEST_VERSION + 1}, 'from a newer app')`,
    );

    const database = await open(url);
    expect(database.schema.writable).toBe(false);
    expect(database.readOnly).toBe(true);
    expect(database.schema.schema.applied).toEqual([]);

    // The store asks first, and hears the sentence.
    let refusal: unknown = null;
    try {
      database.schema.assertWritable();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).kind).toBe('team-history-newer');
    expect((refusal as AppError).message).toBe(
      `${NEWER_HISTORY_SENTENCE} (Its schema is version ${PG_LATEST_VERSION + 1}; this app knows up to ${PG_LATEST_VERSION}. The team's jobs can still be seen.)`,
    );
    expect(NEWER_HISTORY_SENTENCE).toBe(
      'This team history was made by a newer version of Job Rendering Studio; update the app to write to it.',
    );

    // A write that did not ask is refused by the server itself, and explained the same way.
    const written = await database.pool.query(newJob, ['new-job']).then(
      () => null,
      (error: unknown) => database.schema.explainWriteError(error),
    );
    expect(written).toBeInstanceOf(AppError);
    expect((written as AppError).message).toContain(NEWER_HISTORY_SENTENCE);

    // Reads work, and nothing was changed.
    const { rows } = await database.pool.query<{ id: string }>('SELECT id FROM jobs ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual(['older-job']);
    expect(await versionsIn(other)).toEqual([1, PG_LATEST_VERSION + 1]);
  });
});
