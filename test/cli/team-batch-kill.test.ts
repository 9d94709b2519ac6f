// A batch on a team's history whose sender dies: `jrs batch` (the client that holds the account's lease,
// so the one sending rows and polling) is SIGKILLed mid-batch; another computer's client takes the account
// over once the dead one's lease lapses (on the database's clock), settles the rows the dead one was
// sending as unknown (not resent: they may exist), sends every row still pending and follows them all to
// the end. No row reaches the service twice (counted by the client request id each job carries).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { envAccountId } from '../../electron/cli/env-account';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { dispatch } from '../../electron/core/app/dispatch';
import { startSandbox } from '../../electron/sandbox';
import type { JobView } from '../../electron/shared/domain/job';
import { cleanupsAfterEach } from '../fixtures/cleanups';
import { pgClusterForThisFile } from '../fixtures/pg-cluster-per-file';
import { requestIdsOnTheSandbox } from '../fixtures/request-ids';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

const ROOT = resolve(__dirname, '../..');
const MAIN = join(ROOT, 'electron/cli/main.ts');
const ROWS = 12;
/** A process compiled by tsx, a lease to lapse (10 s), a batch to finish: on two shared cores. */
const SLOW_MS = 120_000;

const cluster = pgClusterForThisFile();
const cleanups = cleanupsAfterEach(SLOW_MS);

function startChild(
  argv: string[],
  env: Record<string, string>,
): { child: ChildProcess; exited: Promise<unknown> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...argv], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, exited };
}

it(
  'a batch whose sending client is killed is taken over on another computer: every row ends, none is sent twice',
  async () => {
    const url = await cluster().createDatabase();
    const sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 150 }) });
    cleanups.push(() => sandbox.close());
    sandbox.faults.set({ latencyMs: 30 });
    const dir = mkdtempSync(join(tmpdir(), 'jrs-team-kill-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const sheet = join(dir, 'people.csv');
    const names = Array.from({ length: ROWS }, (_, row) => `person-${row + 1}`);
    writeFileSync(sheet, `Name,Headline\n${names.map((name) => `${name},Hello ${name}`).join('\n')}\n`);
    const env = {
      JRS_DATA_DIR: join(dir, 'studio-1'),
      JRS_DATABASE_URL: url,
      JRS_BASE_URL: sandbox.url,
      JRS_API_KEY: KEY_A,
      JRS_KEYCHAIN_SERVICE: `jrs-team-kill-test-${process.pid}`,
      NO_COLOR: '1',
    };
    const team = new pg.Pool({ connectionString: url, max: 1 });
    cleanups.push(() => team.end());
    const sent = async () =>
      Number(
        (
          await team.query<{ n: string }>(
            `SELECT count(*) AS n FROM jobs WHERE batch_id IS NOT NULL AND tracking <> 'pending'`,
          )
        ).rows[0]?.n ?? 0,
      );

    // Studio 1 sends the batch (its client holds the account) and is killed a few rows in.
    const first = startChild(['batch', IDS.image, '--sheet', sheet, '--yes', '--no-download', '--json'], env);
    await vi.waitFor(async () => expect(await sent()).toBeGreaterThanOrEqual(3), {
      timeout: SLOW_MS,
      interval: 100,
    });
    first.child.kill('SIGKILL');
    await first.exited;
    const sentBeforeKill = await sent();
    expect(sentBeforeKill).toBeLessThan(ROWS);

    // Studio 2 opens the same team history with the same account (its id derives from the key and address).
    const core = await createAppCore({
      dataDir: join(dir, 'studio-2'),
      downloadsDir: join(dir, 'studio-2', 'Downloads'),
      secrets: new MemorySecretStore(),
      sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 150 })),
      sessionAccounts: [
        { id: envAccountId(sandbox.url, KEY_A), name: 'Team', baseUrl: sandbox.url, apiKey: KEY_A },
      ],
      team: { url },
      autoDownload: false,
      flushMs: 20,
    });
    cleanups.push(() => core.dispose());
    const rows = async () => {
      const result = await dispatch(core, 'jobs:list', undefined);
      if (!result.ok) throw new Error(result.error.message);
      return (result.value as JobView[]).filter((job) => job.batchId !== null);
    };
    await vi.waitFor(
      async () => {
        const all = await rows();
        expect(all).toHaveLength(ROWS);
        expect(all.filter((job) => job.tracking !== 'final' && job.tracking !== 'unknown')).toEqual([]);
      },
      { timeout: SLOW_MS, interval: 200 },
    );
    expect(core.isHistoryOwner()).toBe(true);

    // Every row that ended was sent once; an unknown one (cut off mid-request) at most once.
    const onSandbox = await requestIdsOnTheSandbox(sandbox, KEY_A);
    for (const job of await rows()) {
      const jobs = onSandbox.get(job.id) ?? [];
      if (job.tracking === 'final') expect(jobs, `${job.summary}`).toHaveLength(1);
      else expect(jobs.length, `${job.summary}`).toBeLessThanOrEqual(1);
    }
    expect(sandbox.inspect.jobCount(KEY_A)).toBeLessThanOrEqual(ROWS);
    const unknown = (await rows()).filter((job) => job.tracking === 'unknown');
    expect(unknown.length).toBeLessThanOrEqual(sentBeforeKill);
  },
  SLOW_MS * 2,
);
