// `npm run bench:kills` (issue 20, part 2): how many rows of a batch end with an unknown outcome per crash
// and per connection reset. A row is unknown when its create was on its way when the client died or the
// connection broke: the service may or may not have made the job. Fewer creates in flight mean fewer such
// rows, and the batch keeps in flight what the key's rate × the service's answer time needs (Little's law).
// The built `jrs batch` (a real process, env account) sends a sheet to the sandbox (in this process,
// refusing beyond 20 requests a second per key), with the service answering after 50 ms and after 500 ms:
// - kills: the process is SIGKILLed at points spread over the sending, and run again each time; after each
//   kill the rows its history holds as "submitting" (sent, no answer) are that kill's unknown rows;
// - resets: a run to the end with a share of the API's connections reset mid-response (after the request
//   took effect); unknown rows at the end ÷ resets the sandbox made.
// Goal per event: no more than rate × latency + 1 unknown rows. Ends with `target` lines. Counts, not times:
// a busy machine changes them little. Run `npm run build` first (npm run bench:kills builds jrs).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { benchSeed, type BenchProject } from './polling/bench-seed';
import { table, target } from './report-lines';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin', 'jrs.mjs');
const KEY = 'bench-key-kills-0001';
const LIMIT = 20;
const LATENCIES = [50, 500];
const ROWS = Number(process.env['JRS_BENCH_ROWS'] ?? 300);
const KILLS = Number(process.env['JRS_BENCH_KILLS'] ?? 5);
/** Share of API requests whose connection is reset after they took effect, in the resets run. */
const RESET_RATE = 0.08;
const PROJECT: BenchProject = {
  projectId: 'b0000000-0000-4000-8000-000000000021',
  jobType: 'image',
  meanMs: 2_000,
};

interface Child {
  process: ChildProcess;
  exited: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
}

function startBatch(dataDir: string, sheet: string, url: string): Child {
  const child = spawn(
    process.execPath,
    [BIN, 'batch', PROJECT.projectId, '--sheet', sheet, '--yes', '--no-download', '--json'],
    {
      env: {
        ...process.env,
        JRS_DATA_DIR: dataDir,
        JRS_BASE_URL: url,
        JRS_API_KEY: KEY,
        JRS_DATABASE_URL: '',
        JRS_KEYCHAIN_SERVICE: `jrs-bench-kills-${process.pid}`,
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { process: child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Reads the child's history (read-only, as a second connection WAL allows); undefined before it exists. */
function look<T>(dbPath: string, read: (db: Database.Database) => T): T | undefined {
  if (!existsSync(dbPath)) return undefined;
  try {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      return read(db);
    } finally {
      db.close();
    }
  } catch {
    return undefined; // mid-migration, or the batch's tables not there yet
  }
}

const count = (db: Database.Database, where: string) =>
  (
    db.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE batch_id IS NOT NULL AND ${where}`).get() as {
      n: number;
    }
  ).n;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

function workspace(): { dir: string; dataDir: string; sheet: string } {
  const dir = mkdtempSync(join(tmpdir(), 'jrs-bench-kills-'));
  const sheet = join(dir, 'rows.csv');
  const lines = Array.from({ length: ROWS }, (_, row) => `Row ${row + 1}`);
  writeFileSync(sheet, `Headline\n${lines.join('\n')}\n`);
  return { dir, dataDir: join(dir, 'data'), sheet };
}

interface KillResult {
  latencyMs: number;
  /** Unknown rows each kill left (rows sent without an answer when the process died). */
  perKill: number[];
  /** Rows sent when each kill came. */
  sentAt: number[];
}

async function kills(sandbox: RunningSandbox, latencyMs: number): Promise<KillResult> {
  const { dir, dataDir, sheet } = workspace();
  const dbPath = join(dataDir, 'history.sqlite');
  const perKill: number[] = [];
  const sentAt: number[] = [];
  try {
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const goal = Math.round((kill * ROWS) / (KILLS + 1));
      const child = startBatch(dataDir, sheet, sandbox.url);
      let sent = 0;
      while (child.process.exitCode === null) {
        sent = look(dbPath, (db) => count(db, `tracking NOT IN ('pending')`)) ?? 0;
        if (sent >= goal) break;
        await pause(5);
      }
      if (child.process.exitCode !== null)
        throw new Error(`jrs batch ended before the kill: ${child.stderr()}`);
      child.process.kill('SIGKILL');
      await child.exited;
      sentAt.push(sent);
      perKill.push(look(dbPath, (db) => count(db, `tracking = 'submitting'`)) ?? 0);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { latencyMs, perKill, sentAt };
}

interface ResetResult {
  latencyMs: number;
  resets: number;
  unknown: number;
  rows: number;
}

async function resets(sandbox: RunningSandbox, latencyMs: number): Promise<ResetResult> {
  const { dir, dataDir, sheet } = workspace();
  try {
    sandbox.faults.set({ resetRate: RESET_RATE });
    const before = sandbox.faults.resets;
    const child = startBatch(dataDir, sheet, sandbox.url);
    await child.exited;
    const made = sandbox.faults.resets - before;
    sandbox.faults.set({ resetRate: 0 });
    const summary = child
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; unknown?: number; rows?: number })
      .find((line) => line.type === 'summary');
    if (!summary) throw new Error(`jrs batch ended without its summary: ${child.stderr()}`);
    return { latencyMs, resets: made, unknown: summary.unknown ?? 0, rows: summary.rows ?? 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'out', 'cli', 'jrs.cjs'))) {
    console.error('out/cli/jrs.cjs is missing: run `npm run build` first.');
    process.exit(1);
  }
  console.log(
    'Unknown rows per crash and per reset (issue 20, part 2): the built jrs batch, the sandbox here',
  );
  console.log(
    `Machine: ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}; ${ROWS} rows, ${KILLS} kills, ` +
      `${LIMIT} requests a second per key, resets of ${RESET_RATE * 100} % of API requests.`,
  );
  const killed: KillResult[] = [];
  const reset: ResetResult[] = [];
  for (const latencyMs of LATENCIES) {
    const sandbox = await startSandbox({
      seed: benchSeed([KEY], [PROJECT]),
      faults: { latencyMs, perKeyRateLimit: LIMIT },
    });
    try {
      console.log(`[${latencyMs} ms] kills … (load ${loadavg()[0]?.toFixed(2)})`);
      killed.push(await kills(sandbox, latencyMs));
      console.log(`[${latencyMs} ms] resets … (load ${loadavg()[0]?.toFixed(2)})`);
      reset.push(await resets(sandbox, latencyMs));
    } finally {
      await sandbox.close();
    }
  }
  console.log('');
  console.log(
    table(
      [
        'latency',
        'unknown per kill',
        'rows sent at each kill',
        'resets',
        'unknown',
        'per 100 resets',
        'goal/event',
      ],
      LATENCIES.map((latencyMs, index) => {
        const kill = killed[index]!;
        const r = reset[index]!;
        return [
          `${latencyMs} ms`,
          kill.perKill.join(', '),
          kill.sentAt.join(', '),
          String(r.resets),
          String(r.unknown),
          ((100 * r.unknown) / Math.max(1, r.resets)).toFixed(1),
          `≤ ${goalOf(latencyMs)}`,
        ];
      }),
    ),
  );
  console.log('');
  for (const [index, latencyMs] of LATENCIES.entries()) {
    const goal = goalOf(latencyMs);
    const worst = Math.max(...killed[index]!.perKill);
    console.log(
      target(
        `unknown rows per kill at ${latencyMs} ms (most of ${KILLS} kills)`,
        String(worst),
        `≤ ${goal} (rate × latency + 1)`,
        worst <= goal,
      ),
    );
    const r = reset[index]!;
    const perReset = r.unknown / Math.max(1, r.resets);
    console.log(
      target(
        `unknown rows per reset at ${latencyMs} ms`,
        `${perReset.toFixed(2)} (${r.unknown} after ${r.resets} resets; ${((100 * r.unknown) / Math.max(1, r.resets)).toFixed(0)} per 100)`,
        `≤ ${goal} (rate × latency + 1)`,
        r.resets > 0 && perReset <= goal,
      ),
    );
  }
}

/** rate × latency + 1: the rows a batch at the key's rate has in flight while the service answers, and one. */
function goalOf(latencyMs: number): number {
  return Math.floor((LIMIT * latencyMs) / 1000) + 1;
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
