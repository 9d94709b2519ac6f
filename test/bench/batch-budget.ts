// `npm run bench:budget` (issue 20, part 2): a batch sent at the speed the key allows. One client (the real
// core on its SQLite history, no page) sends a 1,000-row batch to the sandbox in a child process answering
// after 50 ms and refusing (429) beyond 20 requests a second per key; its jobs run about 5 s. Twice on the
// same history: the first run finds the key's limit, the second starts with what the first learned. The
// sandbox logs every request it answers, so each figure is counted where the service sees it:
// - while the rows are sent: creates a second ÷ the key's limit (goal ≥ 0.75), and every request answered 429
//   over the whole run (goal < 1 %);
// - the whole batch, until every job is final: its time ÷ (requests sent ÷ the limit), the time those
//   requests need at the key's limit (goal ≤ 1.25: polls go where a job can have finished);
// - rows in flight at once (the most the sandbox saw between a create's arrival and its answer).
// Ends with `target` lines. Timings are never asserted in a test; the behaviour is the tests'.
import { mkdtemp, rm } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { NewBatch } from '../../electron/shared/domain/batch';
import type { JobsChanged } from '../../electron/shared/domain/job';
import { benchSeed, writeSeed, type BenchProject } from './polling/bench-seed';
import { table, target } from './report-lines';
import { startClient } from './team/bench-client';
import { startCountingSandbox, type AnsweredRequest, type CountingSandbox } from './team/sandbox-child';

const KEY = 'bench-key-budget-0001';
const LIMIT = 20;
const LATENCY_MS = 50;
const ROWS = Number(process.env['JRS_BENCH_ROWS'] ?? 1000);
const PROJECT: BenchProject = {
  projectId: 'b0000000-0000-4000-8000-000000000020',
  jobType: 'image',
  meanMs: Number(process.env['JRS_BENCH_JOB_MS'] ?? 5_000),
};
const TIMEOUT_MS = 15 * 60_000;
const UNSENT = new Set(['pending', 'submitting']);

interface RunResult {
  label: string;
  sendMs: number;
  allFinalMs: number;
  creates: number;
  requests: number;
  rateLimited: number;
  createsPerSecond: number;
  /** Creates a second over the run's first 10 s: how soon the key's limit is used. */
  firstTenSecondsPerSecond: number;
  finalJobs: number;
  /** Requests by kind (method and path, ids as :id), for where the budget went. */
  kinds: Map<string, number>;
  /** The key's limit the client kept after the run (requests a second), or null. */
  learnedLimit: number | null;
  /** Per 5 s of the run: creates, status polls and other requests answered, and 429s (JRS_BENCH_TIMELINE). */
  timeline: string[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (ms: number) => (ms / 1000).toFixed(1);

function batchOf(rows: number, run: number): NewBatch {
  return {
    projectId: PROJECT.projectId,
    projectName: 'Bench image',
    name: `Budget run ${run}`,
    nameTemplate: null,
    sheet: null,
    jobs: Array.from({ length: rows }, (_, row) => ({
      row,
      request: {
        projectId: PROJECT.projectId,
        projectName: 'Bench image',
        jobType: PROJECT.jobType,
        values: { headline: `Row ${row + 1}` },
      },
    })),
  };
}

function kindsOf(requests: readonly AnsweredRequest[]): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const request of requests) {
    const path = request.path.replace(/\/[0-9a-f-]{8,}(?=\/|$)/g, '/:id');
    const kind = `${request.method} ${path}${request.status === 429 ? ' (429)' : ''}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return kinds;
}

const isCreate = (request: AnsweredRequest) => request.method === 'POST' && request.path === '/jobs/v2';
const isPoll = (request: AnsweredRequest) => request.method === 'GET' && request.path.startsWith('/jobs/');
const TIMELINE_STEP_MS = 5000;

/** Where the key's budget went, 5 s at a time: a diagnosis for when a target is missed. */
function timelineOf(requests: readonly AnsweredRequest[], started: number): string[] {
  const buckets: number[][] = [];
  for (const request of requests) {
    const index = Math.floor((request.at - started) / TIMELINE_STEP_MS);
    const bucket = (buckets[index] ??= [0, 0, 0, 0]);
    if (request.status === 429) bucket[3] = (bucket[3] ?? 0) + 1;
    const kind = isCreate(request) ? 0 : isPoll(request) ? 1 : 2;
    bucket[kind] = (bucket[kind] ?? 0) + 1;
  }
  return Array.from(buckets, (bucket = [0, 0, 0, 0], index) => {
    const perSecond = (count = 0) => (count / (TIMELINE_STEP_MS / 1000)).toFixed(1).padStart(5);
    return `${String(index * 5).padStart(4)} s  creates ${perSecond(bucket[0])}/s  polls ${perSecond(bucket[1])}/s  other ${perSecond(bucket[2])}/s  429s ${bucket[3]}`;
  });
}

async function run(
  sandbox: CountingSandbox,
  dataDir: string,
  label: string,
  index: number,
): Promise<RunResult> {
  // A second of quiet: the sandbox's sliding window forgets the last run's requests.
  await pause(1100);
  sandbox.reset();
  const client = await startClient({ name: label, baseUrl: sandbox.url, apiKey: KEY, dataDir });
  try {
    const started = performance.now();
    const batch = await client.call('batches:create', batchOf(ROWS, index));
    const sent = new Set<string>();
    const final = new Set<string>();
    let sentAt = 0;
    client.core.onEvent((event, payload) => {
      if (event !== 'jobs:changed') return;
      for (const job of (payload as JobsChanged).jobs) {
        if (job.batchId !== batch.id) continue;
        if (!UNSENT.has(job.tracking)) sent.add(job.id);
        if (job.tracking === 'final' || job.tracking === 'refused') final.add(job.id);
      }
      if (sentAt === 0 && sent.size >= ROWS) sentAt = performance.now();
    });
    const deadline = started + TIMEOUT_MS;
    while (final.size < ROWS && performance.now() < deadline) await pause(50);
    const ended = performance.now();
    const requests = sandbox.requests().filter((request) => request.at >= started && request.at <= ended);
    const sendEnd = sentAt || ended;
    const creates = requests.filter((request) => isCreate(request) && request.status === 201);
    const firstTen = creates.filter((request) => request.at <= started + 10_000).length;
    return {
      label,
      sendMs: sendEnd - started,
      allFinalMs: ended - started,
      creates: creates.length,
      requests: requests.length,
      rateLimited: requests.filter((request) => request.status === 429).length,
      createsPerSecond:
        creates.filter((request) => request.at <= sendEnd).length / ((sendEnd - started) / 1000),
      firstTenSecondsPerSecond: firstTen / Math.min(10, (sendEnd - started) / 1000),
      finalJobs: final.size,
      kinds: kindsOf(requests),
      learnedLimit: null,
      timeline: timelineOf(requests, started),
    };
  } finally {
    await client.dispose();
  }
}

/** The limit the client kept in its history (jobs/key-limit.ts), read once the client has closed it. */
function keptLimit(dataDir: string): number | null {
  const db = new Database(join(dataDir, 'history.sqlite'), { readonly: true });
  try {
    const row = db.prepare(`SELECT value_json FROM settings WHERE key = 'jobs.keyLimit'`).get() as
      { value_json: string } | undefined;
    return row ? Number(JSON.parse(row.value_json)) : null;
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const begun = performance.now();
  console.log(
    'Batch budget benchmark (issue 20, part 2): the real core on SQLite, the sandbox in a child process',
  );
  console.log(
    `Machine: ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}; ${ROWS} rows, the sandbox answering after ` +
      `${LATENCY_MS} ms and refusing beyond ${LIMIT} requests a second per key, jobs running ${PROJECT.meanMs / 1000} s ` +
      `mean (log-normal CV 0.3); two runs on one history: the first learns the key's limit, the second starts with it.`,
  );
  const seed = writeSeed('budget', benchSeed([KEY], [PROJECT], 0.3));
  const sandbox = await startCountingSandbox(seed, [
    '--latency',
    String(LATENCY_MS),
    '--rate-limit-per-key',
    String(LIMIT),
  ]);
  const dataDir = await mkdtemp(join(tmpdir(), 'jrs-bench-budget-'));
  const results: RunResult[] = [];
  try {
    for (const [index, label] of ['first run (learning)', 'next run (limit known)'].entries()) {
      console.log(`[${index + 1}/2] ${label} … (load ${loadavg()[0]?.toFixed(2)})`);
      const result = await run(sandbox, dataDir, label, index + 1);
      results.push({ ...result, learnedLimit: keptLimit(dataDir) });
    }
  } finally {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log('');
  console.log(
    table(
      [
        'run',
        'rows sent after s',
        'creates/s',
        'first 10 s',
        'all final after s',
        'requests',
        '429s',
        'final',
      ],
      results.map((result) => [
        result.label,
        fmt(result.sendMs),
        result.createsPerSecond.toFixed(1),
        result.firstTenSecondsPerSecond.toFixed(1),
        fmt(result.allFinalMs),
        String(result.requests),
        String(result.rateLimited),
        `${result.finalJobs}/${ROWS}`,
        result.learnedLimit === null ? '-' : `${result.learnedLimit.toFixed(1)}/s`,
      ]),
    ),
  );
  if (process.env['JRS_BENCH_TIMELINE'])
    for (const result of results)
      console.log(`\n${result.label}, 5 s at a time:\n${result.timeline.join('\n')}`);
  for (const result of results)
    console.log(
      `${result.label}: ${[...result.kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')}`,
    );
  console.log('');
  for (const result of results) {
    const share = result.createsPerSecond / LIMIT;
    const limited = result.rateLimited / Math.max(1, result.requests);
    const needed = (result.requests / LIMIT) * 1000;
    const wholeRatio = result.allFinalMs / needed;
    const done = result.finalJobs === ROWS;
    console.log(
      target(
        `${result.label}: creates while the rows are sent, share of the key's limit`,
        `${share.toFixed(2)} (${result.createsPerSecond.toFixed(1)} jobs/s at ${LIMIT}/s)`,
        '≥ 0.75',
        share >= 0.75 && done,
      ),
    );
    console.log(
      target(
        `${result.label}: requests answered 429`,
        `${(limited * 100).toFixed(2)} % (${result.rateLimited} of ${result.requests})`,
        '< 1 %',
        limited < 0.01,
      ),
    );
    console.log(
      target(
        `${result.label}: every job final vs its requests at the key's limit`,
        `${wholeRatio.toFixed(2)}× (${fmt(result.allFinalMs)} s for ${result.requests} requests, ${fmt(needed)} s at ${LIMIT}/s)${done ? '' : ' — NOT every job ended before the timeout'}`,
        '≤ 1.25×',
        wholeRatio <= 1.25 && done,
      ),
    );
  }
  console.log(`\n(bench ran ${fmt(performance.now() - begun)} s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
