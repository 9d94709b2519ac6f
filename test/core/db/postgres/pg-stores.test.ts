// The team history's stores on a real PostgreSQL, for what only a team's store has (the shared contract,
// test/core/store, covers what every store does): who submitted each job and batch and when, a batch and
// its rows written whole or not at all, rows claimed once by clients on different connections, downloads
// kept per computer, a colleague's rename seen by the naming template, SQLite's order of text kept
// whatever the database's locale, and a history made by a newer app refusing every write in words.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewBatchRecord } from '../../../../electron/core/batches/batch';
import type { NewSubmission, RecordColumns } from '../../../../electron/core/jobs/job';
import { AppError } from '../../../../electron/core/kernel/app-error';
import {
  openTeamDatabase,
  type TeamDatabase,
} from '../../../../electron/core/db/postgres/open-team-database';
import { pgStores } from '../../../../electron/core/db/postgres/pg-stores';
import type { HistoryStores } from '../../../../electron/core/db/history-stores';
import { NEWER_HISTORY_SENTENCE } from '../../../../electron/core/db/postgres/schema-guard';
import { pgClusterForThisFile } from '../../../fixtures/pg-cluster-per-file';

const cluster = pgClusterForThisFile();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const T0 = 1_795_000_000_000;

async function open(
  url: string,
  options: Parameters<typeof openTeamDatabase>[1] = {},
): Promise<TeamDatabase> {
  const database = await openTeamDatabase(url, options);
  closers.push(() => database.close());
  return database;
}

/** One client of the team: its own pool, name, computer and client id. */
function client(
  database: TeamDatabase,
  who: { computerId?: string; submittedBy?: string; clientId?: string } = {},
): HistoryStores {
  return pgStores(database.pool, {
    computerId: who.computerId ?? 'computer-a',
    submittedBy: who.submittedBy ?? 'Ada on studio-1',
    clientId: who.clientId ?? 'client-a',
    schema: database.schema,
  });
}

function submission(id: string, over: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id,
    accountId: 'acc-1',
    projectId: 'p-1',
    projectName: 'Spring launch',
    jobType: 'video',
    request: { project_id: 'p-1', input: { headline: id } },
    values: { headline: `Row ${id}`, price: 9.5 },
    summary: `Row ${id}`,
    source: 'form',
    nowMs: T0,
    ...over,
  };
}

function batch(id: string, rows: number, over: Partial<NewBatchRecord> = {}): NewBatchRecord {
  return {
    id,
    accountId: 'acc-1',
    projectId: 'p-1',
    projectName: 'Spring launch',
    jobType: 'video',
    name: `Batch ${id}`,
    sessionId: 'session-1',
    nameTemplate: '{batch}-{row}',
    sheet: { columns: ['headline'], rows: Array.from({ length: rows }, (_, i) => [`line ${i + 1}`]) },
    nowMs: T0,
    jobs: Array.from({ length: rows }, (_, i) =>
      submission(`${id}-${i + 1}`, { source: 'batch', batchId: id, batchRow: i + 1, nowMs: T0 + i }),
    ),
    ...over,
  };
}

const success = (uuid: string): RecordColumns => ({
  uuid,
  status: 'SUCCESS',
  record: { uuid, status: 'SUCCESS' },
  creditUsed: 1.5,
  outputPath: `https://cdn.example.com/${uuid}.mp4`,
  error: null,
  createdAt: '2026-11-26T08:00:00Z',
  updatedAt: '2026-11-26T08:01:00Z',
  finishedAt: '2026-11-26T08:01:00Z',
  tracking: 'final',
});

describe('the team history stores on PostgreSQL', () => {
  it('records who submitted each job and batch and when, and which client sends a row', async () => {
    const database = await open(await cluster().createDatabase());
    const ada = client(database, { submittedBy: 'Ada on studio-1', clientId: 'client-ada' });
    await ada.jobs.insertSubmission(submission('form-1', { nowMs: T0 + 5 }));
    await ada.batches.create(batch('b1', 3));
    const ben = client(database, { submittedBy: 'Ben on laptop', clientId: 'client-ben' });
    expect(await ben.jobs.claimPending('b1-2')).toBe(true);

    const { rows: jobs } = await database.pool.query<{
      id: string;
      submitted_by: string;
      submitted_at_ms: number;
      claimed_by: string | null;
    }>(`SELECT id, submitted_by, submitted_at_ms, claimed_by FROM jobs ORDER BY id`);
    expect(jobs).toEqual([
      { id: 'b1-1', submitted_by: 'Ada on studio-1', submitted_at_ms: T0, claimed_by: null },
      { id: 'b1-2', submitted_by: 'Ada on studio-1', submitted_at_ms: T0 + 1, claimed_by: 'client-ben' },
      { id: 'b1-3', submitted_by: 'Ada on studio-1', submitted_at_ms: T0 + 2, claimed_by: null },
      // Written `submitting`: this client's send in flight from the first moment.
      { id: 'form-1', submitted_by: 'Ada on studio-1', submitted_at_ms: T0 + 5, claimed_by: 'client-ada' },
    ]);
    const { rows: batches } = await database.pool.query(`SELECT id, submitted_by FROM batches`);
    expect(batches).toEqual([{ id: 'b1', submitted_by: 'Ada on studio-1' }]);
    // Times in ms come back as numbers, as SQLite's integers do.
    expect(typeof (await ben.jobs.get('b1-1'))?.firstSeenMs).toBe('number');
    expect(typeof (await ben.batches.get('b1'))?.createdMs).toBe('number');
  });

  it('writes a batch and its rows whole or not at all: a row that cannot be written leaves no batch', async () => {
    const database = await open(await cluster().createDatabase());
    const stores = client(database);
    // A job with the id of the batch's 700th row already exists: that row's insert fails.
    await stores.jobs.insertSubmission(submission('half-700'));
    await expect(stores.batches.create(batch('half', 1000))).rejects.toThrow(/duplicate key/);
    expect(await stores.batches.get('half')).toBeUndefined();
    expect(await stores.jobs.inBatch('half')).toEqual([]);
    const { rows } = await database.pool.query<{ n: number }>(`SELECT count(*)::integer AS n FROM jobs`);
    expect(rows[0]?.n).toBe(1);
    // The pool's client went back clean: the next batch is written on it.
    await stores.batches.create(batch('whole', 5));
    expect((await stores.jobs.inBatch('whole')).map((job) => job.batchRow)).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives each row of a batch to one of two clients claiming it at once on their own connections', async () => {
    const url = await cluster().createDatabase();
    const first = await open(url);
    const second = await open(url);
    const a = client(first, { clientId: 'client-a' });
    const b = client(second, { clientId: 'client-b' });
    await a.batches.create(batch('race', 200));
    const ids = (await a.jobs.inBatch('race')).map((job) => job.id);
    const claims = await Promise.all(
      ids.flatMap((id) => [
        a.jobs.claimPending(id).then((won) => ({ id, won, by: 'client-a' })),
        b.jobs.claimPending(id).then((won) => ({ id, won, by: 'client-b' })),
      ]),
    );
    const winners = claims.filter((claim) => claim.won);
    expect(winners.map((claim) => claim.id).sort()).toEqual([...ids].sort());
    const { rows } = await first.pool.query<{ id: string; claimed_by: string }>(
      `SELECT id, claimed_by FROM jobs WHERE batch_id = 'race'`,
    );
    const claimedBy = new Map(rows.map((row) => [row.id, row.claimed_by]));
    for (const winner of winners) expect(claimedBy.get(winner.id)).toBe(winner.by);
  });

  it('settles as unknown only the sends of clients that stopped: a running colleague’s and its own stay', async () => {
    const database = await open(await cluster().createDatabase());
    const ada = client(database, { clientId: 'client-a' });
    const grace = client(database, { clientId: 'client-g', computerId: 'computer-g' });
    const gone = client(database, { clientId: 'client-gone', computerId: 'computer-x' });
    await ada.jobs.insertSubmission(submission('ada-1'));
    await grace.jobs.insertSubmission(submission('grace-1'));
    await gone.jobs.insertSubmission(submission('gone-1'));
    // Grace's app runs (it keeps a lease under its id); the third stopped: its lease lapsed.
    const far = Date.now() + 3_600_000;
    await database.pool.query(
      `INSERT INTO leases (name, owner, expires_at_ms, host, pid) VALUES
         ('client:client-g', 'client-g', $1, 'g', 1), ('client:client-gone', 'client-gone', $2, 'x', 1)`,
      [far, Date.now() - 60_000],
    );

    expect(await ada.jobs.settleInterrupted('Cut off.')).toEqual([{ id: 'gone-1', accountId: 'acc-1' }]);
    expect(await ada.jobs.get('grace-1')).toMatchObject({ tracking: 'submitting' });
    expect(await ada.jobs.get('ada-1')).toMatchObject({ tracking: 'submitting' });
  });

  it('keeps settings per computer: a colleague’s download folder is never this computer’s', async () => {
    const database = await open(await cluster().createDatabase());
    const ada = client(database, { computerId: 'computer-a' });
    const grace = client(database, { computerId: 'computer-g', clientId: 'client-g' });
    await ada.settings.write('acc-1', 'downloads', { folder: '/Users/ada/Movies' });
    expect(await grace.settings.raw('acc-1', 'downloads')).toBeUndefined();
    await grace.settings.write('acc-1', 'downloads', { folder: '/home/grace/Videos' });
    await grace.settings.removeKeys('acc-1', 'down');
    expect(await ada.settings.raw('acc-1', 'downloads')).toEqual({ folder: '/Users/ada/Movies' });
  });

  it('keeps downloads per computer: saved on one is not saved on another', async () => {
    const database = await open(await cluster().createDatabase());
    const here = client(database, { computerId: 'studio-1' });
    const there = client(database, { computerId: 'laptop' });
    await here.downloads.enqueue({
      jobId: 'j1',
      accountId: 'acc-1',
      root: '/srv/out',
      target: 'a.mp4',
      nowMs: T0,
    });
    const queued = await here.downloads.get('j1');
    await here.downloads.save({ ...queued!, state: 'done', path: '/srv/out/a.mp4', bytes: 5_000_000_000 });
    expect(await there.downloads.get('j1')).toBeUndefined();
    expect(await there.downloads.inState('done')).toEqual([]);

    await there.downloads.enqueue({
      jobId: 'j1',
      accountId: 'acc-1',
      root: 'C:\\Videos',
      target: 'a.mp4',
      nowMs: T0 + 1,
    });
    expect((await there.downloads.get('j1'))?.state).toBe('queued');
    expect(await here.downloads.get('j1')).toMatchObject({
      state: 'done',
      bytes: 5_000_000_000,
      root: '/srv/out',
    });
    await there.downloads.removeAccount('acc-1');
    expect(await there.downloads.list('acc-1')).toEqual([]);
    expect((await here.downloads.list('acc-1')).map((d) => d.jobId)).toEqual(['j1']);
  });

  it("names a colleague's renamed batch in the naming template at once", async () => {
    const url = await cluster().createDatabase();
    const mine = client(await open(url));
    const theirs = client(await open(url), { clientId: 'client-b' });
    await mine.batches.create(batch('named', 2));
    expect((await mine.batches.templateBatch('named'))?.name).toBe('Batch named');
    await theirs.batches.rename('named', 'Autumn');
    expect(await mine.batches.templateBatch('named')).toEqual({
      name: 'Autumn',
      nameTemplate: '{batch}-{row}',
      columns: ['headline'],
      rows: [['line 1'], ['line 2']],
    });
  });

  it('orders ids byte by byte, as SQLite does, in a database with an English ICU locale', async () => {
    const admin = new pg.Client({ connectionString: cluster().url('postgres') });
    await admin.connect();
    closers.push(() => admin.end());
    const name = `t_icu_${Date.now()}`;
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'`,
    );
    const stores = client(await open(cluster().url(name)));
    for (const id of ['b-job', 'B-job', 'a-job', '_job', 'A-job'])
      await stores.jobs.insertSubmission(submission(id));
    // One time for all: the id decides the order. Bytes: 'A' < 'B' < '_' < 'a' < 'b'.
    expect((await stores.jobs.list('acc-1')).map((job) => job.id)).toEqual([
      'A-job',
      'B-job',
      '_job',
      'a-job',
      'b-job',
    ]);
    // A missing finish time sorts last, newest first, as SQLite's NULL does.
    await stores.jobs.applyRecord('a-job', { ...success('u-a'), finishedAt: null }, T0);
    await stores.jobs.applyRecord('b-job', success('u-b'), T0);
    expect((await stores.jobs.latestFinishedWithOutput('acc-1'))?.id).toBe('b-job');
  });

  it('refuses every write to a history a newer app made, in words, and still reads it', async () => {
    const url = await cluster().createDatabase();
    const current = client(await open(url));
    await current.batches.create(batch('old', 2));
    // This client knows no migration: the database (version 1) is newer than it.
    const older = await open(url, { migrations: [] });
    expect(older.schema.writable).toBe(false);
    const stores = client(older);
    const refused = (promise: Promise<unknown>) =>
      expect(promise).rejects.toSatisfy(
        (error: unknown) =>
          error instanceof AppError &&
          error.kind === 'team-history-newer' &&
          error.message.startsWith(NEWER_HISTORY_SENTENCE),
      );
    await refused(stores.jobs.insertSubmission(submission('new')));
    await refused(stores.jobs.claimPending('old-1'));
    await refused(stores.jobs.applyRecord('old-1', success('u1'), T0));
    await refused(stores.batches.create(batch('new', 2)));
    await refused(stores.settings.write('acc-1', 'k', 1));
    await refused(
      stores.downloads.enqueue({ jobId: 'old-1', accountId: 'acc-1', root: '/', target: 'x', nowMs: T0 }),
    );
    await refused(
      stores.assetCache.put(
        { accountId: 'acc-1', storage: 'default', kind: 'image', sha256: 'x' },
        { url: 'https://x', expiresAt: T0 + 10 },
        T0,
      ),
    );
    expect((await stores.jobs.inBatch('old')).map((job) => [job.id, job.tracking])).toEqual([
      ['old-1', 'pending'],
      ['old-2', 'pending'],
    ]);
  });
});
