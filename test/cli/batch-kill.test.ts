// `jrs batch` as a real process, SIGKILLed at random points (seeded) and run again each time, as a person
// whose terminal or machine died would: while the sheet is being submitted, while rows are sent, while
// they run, while files download. At the end the sandbox holds exactly one job per row (counted by the
// client request id each job carries), once the rows a kill caught mid-request are settled as a person
// would (track the job the service has, resubmit the others); there is one batch, every file is saved and
// byte-identical to the sandbox's, and the run's JRS_BASE_URL account was never written down.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { envAccountId } from '../../electron/cli/env-account';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox } from '../../electron/sandbox';
import { untilChildHistory } from '../core/crash/crash-core';
import { seededRandom } from '../fixtures/fake-time';
import { storedBytes } from '../fixtures/sandbox-outputs';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, records, type CliWorld, type JsonLine } from './cli-harness';
import { cleanupsAfterEach } from '../fixtures/cleanups';
import { requestIdsOnTheSandbox } from '../fixtures/request-ids';

const ROOT = resolve(__dirname, '../..');
const MAIN = join(ROOT, 'electron/cli/main.ts');
const ROWS = 16;
const KILLS = 6;
// Seven processes compiled by tsx, on two cores shared with the rest of the suite.
const SLOW_MS = 120_000;

const cleanups = cleanupsAfterEach(SLOW_MS);

interface Child {
  process: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function startChild(argv: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...argv], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { process: child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function kill(child: Child): Promise<void> {
  child.process.kill('SIGKILL');
  await child.exited;
}

/** Waits (on the child's output, no clock) until it has said it opened the sheet, or has exited. */
function untilPreview(child: Child): Promise<void> {
  return new Promise((done) => {
    const look = () => {
      if (child.stdout().includes('"type":"preview"')) done();
    };
    child.process.stdout?.on('data', look);
    void child.exited.then(() => done());
    look();
  });
}

/** How far the batch has come, from the child's history: rows sent, rows finished, files saved. */
const PROGRESS = `SELECT
  (SELECT COUNT(*) FROM jobs WHERE batch_id IS NOT NULL AND tracking != 'pending') +
  (SELECT COUNT(*) FROM jobs WHERE batch_id IS NOT NULL AND tracking = 'final') +
  (SELECT COUNT(*) FROM downloads WHERE state = 'done') AS n`;

it(
  'a batch killed at random points ends with one job per row and every file saved',
  async () => {
    const sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 150 }) });
    cleanups.push(() => sandbox.close());
    // Each request takes a little while, so that kills land before, during and after them.
    sandbox.faults.set({ latencyMs: 20 });
    const dir = mkdtempSync(join(tmpdir(), 'jrs-cli-kill-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dataDir = join(dir, 'data');
    const out = join(dir, 'out');
    const sheet = join(dir, 'people.csv');
    const names = Array.from({ length: ROWS }, (_, row) => `person-${String(row + 1).padStart(2, '0')}`);
    writeFileSync(sheet, `Name,Headline\n${names.map((name) => `${name},Hello ${name}`).join('\n')}\n`);
    const env = {
      JRS_DATA_DIR: dataDir,
      JRS_BASE_URL: sandbox.url,
      JRS_API_KEY: KEY_A,
      JRS_KEYCHAIN_SERVICE: `jrs-cli-kill-test-${process.pid}`,
      NO_COLOR: '1',
    };
    const argv = [
      'batch',
      IDS.image,
      '--sheet',
      sheet,
      '--yes',
      '--download',
      out,
      '--name',
      '{row.name}.{ext}',
      '--json',
    ];
    const dbPath = join(dataDir, 'history.sqlite');
    const random = seededRandom(7);

    // First kill: as soon as the sheet is read, i.e. while it is being submitted (before or after the
    // batch is written: either way the next run must not make a second one).
    const first = startChild(argv, env);
    await untilPreview(first);
    await kill(first);
    // Second: as soon as the batch is in the history, i.e. around the moment the run notes which batch
    // the sheet became (a run killed before that must find its batch, not make another).
    const second = startChild(argv, env);
    await untilChildHistory(dbPath, second.process, (db) => {
      const { n } = db.prepare('SELECT COUNT(*) AS n FROM batches').get() as { n: number };
      return n > 0 ? n : undefined;
    });
    await kill(second);
    // Then at random points of the rows' progress (sent, finished, saved: 3 steps a row).
    let progress = 0;
    for (let round = 2; round < KILLS; round++) {
      const child = startChild(argv, env);
      const more = 1 + Math.floor(random() * ((3 * ROWS) / KILLS));
      progress = await untilChildHistory(dbPath, child.process, (db) => {
        const { n } = db.prepare(PROGRESS).get() as { n: number };
        return n >= Math.min(progress + more, 3 * ROWS - 1) ? n : undefined;
      });
      await kill(child);
    }
    expect(progress).toBeLessThan(3 * ROWS);

    // A run to the end. Rows a kill caught mid-request are said as unknown, not sent again.
    const last = startChild(argv, env);
    const lastCode = await last.exited;
    const summary = JSON.parse(last.stdout().trim().split('\n').at(-1)!) as JsonLine;
    // A run that ends without its summary says why (its exit code and what it wrote on stderr).
    expect(summary, `exit ${lastCode}; stderr:\n${last.stderr()}`).toMatchObject({
      type: 'summary',
      rows: ROWS,
    });
    expect(lastCode).toBe(summary['unknown'] === 0 ? EXIT.ok : EXIT.jobsFailed);

    // No row was sent twice (and none made into a second batch) by all those runs.
    expect(sandbox.inspect.jobCount(KEY_A), 'jobs on the sandbox').toBeLessThanOrEqual(ROWS);
    const world: CliWorld = { ...cliWorld(), dataDir, env: { ...env } };
    cleanups.push(() => world.remove());
    const history = records(await jrs(world, ['jobs', '--limit', '1000', '--json']), 'job');
    expect(history, 'rows in the history').toHaveLength(ROWS);

    // Settled as a person would: the service has the job (track it), or not (resubmit it).
    const unknown = records(
      await jrs(world, ['jobs', '--status', 'unknown', '--limit', '1000', '--json']),
      'job',
    );
    expect(unknown).toHaveLength(Number(summary['unknown']));
    const onSandbox = await requestIdsOnTheSandbox(sandbox, KEY_A);
    for (const job of unknown) {
      const found = onSandbox.get(String(job['id']));
      const settled = found?.[0]
        ? await jrs(world, ['track', found[0], '--json'])
        : await jrs(world, ['resubmit', String(job['id']), '--json']);
      expect(settled.code).toBe(EXIT.ok);
    }

    // And the same command once more: nothing left but to wait and save.
    const again = startChild(argv, env);
    expect(await again.exited).toBe(EXIT.ok);
    const lines = again
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as JsonLine);
    expect(lines.at(-1)).toMatchObject({ rows: ROWS, succeeded: ROWS, unknown: 0, downloaded: ROWS });
    expect(lines.filter((line) => line.type === 'batch')).toEqual([
      expect.objectContaining({ resumed: true }),
    ]);

    // One job per row on the sandbox, one batch in the history.
    const final = await requestIdsOnTheSandbox(sandbox, KEY_A);
    const rows = records({ code: 0, stdout: '', stderr: '', json: lines }, 'row');
    expect(rows).toHaveLength(ROWS);
    for (const row of rows) expect(final.get(String(row['jobId'])), `row ${row['row']}`).toHaveLength(1);
    expect(sandbox.inspect.jobCount(KEY_A)).toBe(ROWS);
    const batches = JSON.parse(readFileSync(join(dataDir, 'cli-batches.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(batches.entries).toHaveLength(1);

    // Every file saved, whole, under its row's name; no partial file left.
    expect(readdirSync(out).sort()).toEqual(names.map((name) => `${name}.png`));
    for (const row of rows) {
      const file = join(out, `${names[Number(row['row'])]}.png`);
      expect(readFileSync(file).equals(await storedBytes(sandbox, String(row['outputPath']))), file).toBe(
        true,
      );
    }
    const accounts = join(dataDir, 'accounts.json');
    if (existsSync(accounts))
      expect(readFileSync(accounts, 'utf8')).not.toContain(envAccountId(sandbox.url, KEY_A));
  },
  SLOW_MS,
);
