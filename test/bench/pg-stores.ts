// `npx tsx test/bench/pg-stores.ts`: a 1,000-row batch written through the history's stores, then its rows
// claimed and given their outcome one by one (as the batch runner and poller do), on SQLite (a WAL file, as
// the app opens it) and on PostgreSQL (a throwaway local cluster, fsync off as in the tests). Prints the
// times; asserts nothing (issue 19 wants a 1,000-row batch within 10 % of SQLite's throughput later).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { NewBatchRecord } from '../../electron/core/batches/batch';
import type { RecordColumns } from '../../electron/core/jobs/job';
import { openDatabase } from '../../electron/core/db/open-database';
import { sqliteStores } from '../../electron/core/db/sqlite/sqlite-stores';
import { openTeamDatabase } from '../../electron/core/db/postgres/open-team-database';
import { pgStores } from '../../electron/core/db/postgres/pg-stores';
import { startPgCluster } from '../fixtures/pg-cluster';

const ROWS = 1000;
const RUNS = 3;
const T0 = 1_795_000_000_000;

/** The two ports' methods the bench calls, answering now or later. */
interface Target {
  create(batch: NewBatchRecord): unknown;
  claimPending(id: string): unknown;
  applyRecord(id: string, columns: RecordColumns, nowMs: number): unknown;
}

function batch(id: string): NewBatchRecord {
  return {
    id,
    accountId: 'acc-1',
    projectId: 'p-1',
    projectName: 'Spring launch',
    jobType: 'video',
    name: `Bench ${id}`,
    sessionId: 's-1',
    nameTemplate: null,
    sheet: {
      columns: ['headline', 'photo'],
      rows: Array.from({ length: ROWS }, (_, i) => [`Line ${i}`, `p${i}.png`]),
    },
    nowMs: T0,
    jobs: Array.from({ length: ROWS }, (_, i) => ({
      id: `${id}-${i + 1}`,
      accountId: 'acc-1',
      projectId: 'p-1',
      projectName: 'Spring launch',
      jobType: 'video',
      request: {
        project_id: 'p-1',
        input: { headline: `Line ${i}`, photo: { image_url: `https://cdn/p${i}.png` } },
      },
      values: { headline: `Line ${i}`, photo: { image_url: `https://cdn/p${i}.png` } },
      summary: `Line ${i}`,
      source: 'batch' as const,
      nowMs: T0 + i,
      batchId: id,
      batchRow: i + 1,
    })),
  };
}

const outcome = (uuid: string): RecordColumns => ({
  uuid,
  status: 'SUCCESS',
  record: { uuid, status: 'SUCCESS', credit_used: 1 },
  creditUsed: 1,
  outputPath: `https://cdn/${uuid}.mp4`,
  error: null,
  createdAt: '2026-11-26T08:00:00Z',
  updatedAt: '2026-11-26T08:01:00Z',
  finishedAt: '2026-11-26T08:01:00Z',
  tracking: 'final',
});

async function run(target: Target, id: string): Promise<{ createMs: number; claimApplyMs: number }> {
  const record = batch(id);
  let start = performance.now();
  await target.create(record);
  const createMs = performance.now() - start;
  start = performance.now();
  for (const job of record.jobs) {
    if (!(await target.claimPending(job.id))) throw new Error(`${job.id} was not claimed`);
    await target.applyRecord(job.id, outcome(`u-${job.id}`), T0 + 60_000);
  }
  return { createMs, claimApplyMs: performance.now() - start };
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function measure(name: string, target: Target): Promise<{ createMs: number; claimApplyMs: number }> {
  await run(target, `${name}-warm`);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run(target, `${name}-${i}`));
  const result = {
    createMs: median(runs.map((r) => r.createMs)),
    claimApplyMs: median(runs.map((r) => r.claimApplyMs)),
  };
  console.log(
    `${name.padEnd(10)} create ${ROWS}-row batch: ${result.createMs.toFixed(1)} ms (${Math.round((ROWS / result.createMs) * 1000)} rows/s); ` +
      `claim + apply ${ROWS} rows one by one: ${result.claimApplyMs.toFixed(0)} ms (${Math.round((ROWS / result.claimApplyMs) * 1000)} rows/s)` +
      `  [median of ${RUNS}: create ${runs.map((r) => r.createMs.toFixed(1)).join(', ')}; claim+apply ${runs.map((r) => r.claimApplyMs.toFixed(0)).join(', ')}]`,
  );
  return result;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'jrs-bench-stores-'));
  const { db } = openDatabase(join(dir, 'history.sqlite'));
  const sqlite = sqliteStores(db);
  const lite = await measure('SQLite', {
    create: (b) => sqlite.batches.create(b),
    claimPending: (id) => sqlite.jobs.claimPending(id),
    applyRecord: (id, c, n) => sqlite.jobs.applyRecord(id, c, n),
  });
  db.close();
  rmSync(dir, { recursive: true, force: true });

  const cluster = await startPgCluster();
  try {
    const database = await openTeamDatabase(await cluster.createDatabase());
    const team = pgStores(database.pool, {
      computerId: 'bench',
      submittedBy: 'Bench',
      clientId: 'bench-client',
      schema: database.schema,
    });
    const pg = await measure('PostgreSQL', {
      create: (b) => team.batches.create(b),
      claimPending: (id) => team.jobs.claimPending(id),
      applyRecord: (id, c, n) => team.jobs.applyRecord(id, c, n),
    });
    await database.close();
    console.log(
      `PostgreSQL / SQLite: create ${(pg.createMs / lite.createMs).toFixed(2)}× the time; ` +
        `claim + apply ${(pg.claimApplyMs / lite.claimApplyMs).toFixed(2)}× the time ` +
        `(PostgreSQL ${cluster.version}, local loopback, fsync off)`,
    );
  } finally {
    await cluster.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
