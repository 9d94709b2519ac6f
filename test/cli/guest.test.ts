// jrs beside another program on the same history (the desktop app, here its core held open): that program
// does the background work, so `jrs batch` for a saved account creates the batch and waits while the other
// sends it, polls it and saves its files; for a JRS_BASE_URL account, which the other cannot use, it says
// so at once instead of waiting for ever.
// The history's lease runs on fake time the test moves (the sandbox, HTTP and polling on the real clock): on
// a loaded machine the app can neither lose it nor have it taken over, and it notices what jrs wrote to the
// history (its watch of data_version runs on the lease's timers) when the test moves that time.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { FakeTime } from '../fixtures/fake-time';
import { storedBytes } from '../fixtures/sandbox-outputs';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { CapturedStream, cliWorld, jrs, records, type CliResult, type CliWorld } from './cli-harness';

/** How often each core looks for the other's writes, in the lease's (fake) time. */
const WATCH_MS = 50;
/**
 * An hour of the lease's time, which a run moves by seconds: the app's lease cannot lapse, and neither its
 * renewal nor jrs's try to take over falls inside a run. (A renewal between a write of jrs and the app's next
 * watch hides that write from the app today, so the batch would never be sent: reported, history-lease.ts.)
 */
const LEASE_MS = 3_600_000;
/** A jrs run waiting on the app gives up (and says so) before the test's own timeout. */
const RUN_DEADLINE_MS = 45_000;
/** The runs that wait on the app allow for a loaded machine, and end by the deadline's words first. */
const LOADED = { timeout: 60_000 };

let remote: RunningSandbox;
let world: CliWorld;
let app: AppCore;
/** The lease's own time, shared by the app's core and jrs's: it moves only when the test moves it. */
let leaseTime: FakeTime;

/**
 * Runs jrs beside the app, moving the lease's time one watch at a time while jrs waits, so that the app
 * sees the rows jrs wrote to the history and sends them; says what never came, rather than timing out.
 */
async function jrsBesideTheApp(argv: string[]): Promise<CliResult> {
  const stdout = new CapturedStream();
  const stderr = new CapturedStream();
  const stop = new AbortController();
  let finished = false;
  const running = jrs(world, argv, { stdout, stderr, signal: stop.signal }).finally(() => {
    finished = true;
  });
  // A run that throws is answered by the return below, not reported as unhandled while the loop waits.
  running.catch(() => undefined);
  const deadline = Date.now() + RUN_DEADLINE_MS;
  while (!finished) {
    if (Date.now() > deadline) {
      stop.abort();
      await running.catch(() => undefined);
      throw new Error(
        `jrs ${argv.join(' ')} was still waiting after ${RUN_DEADLINE_MS / 1000} s: the app (the history's owner) never finished the batch jrs made (sent its rows, and saved their files where asked). jrs wrote:\n${stderr.text}${stdout.text}`,
      );
    }
    await leaseTime.advance(WATCH_MS);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return running;
}

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
});
afterAll(() => remote.close());
beforeEach(async () => {
  leaseTime = new FakeTime();
  const lease = { leaseMs: LEASE_MS, watchMs: WATCH_MS, clock: leaseTime, timers: leaseTime };
  world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) }, lease });
  expect(
    (await jrs(world, ['accounts', 'add', '--name', 'Team', '--url', remote.url], { stdin: KEY_A })).code,
  ).toBe(EXIT.ok);
  // "The app": the same history and keychain, opened first, so it holds the history's lease.
  app = await createAppCore({
    dataDir: world.dataDir,
    downloadsDir: world.downloadsDir,
    secrets: world.secrets,
    sandbox: { start: () => Promise.reject(new Error('not in this test')) },
    flushMs: 10,
    lease,
  });
  expect(app.isHistoryOwner()).toBe(true);
});
afterEach(async () => {
  await app.dispose();
  world.remove();
});

it('makes the batch and waits while the other program sends it and saves its files', LOADED, async () => {
  await writeFile(join(world.dir, 'pair.csv'), 'Name,Headline\nAna,Hi\nBen,Yo\n');
  const result = await jrsBesideTheApp([
    'batch',
    IDS.image,
    '--sheet',
    'pair.csv',
    '--yes',
    '--download',
    'out',
    '--name',
    '{row.name}.{ext}',
    '--json',
  ]);
  expect(result.code).toBe(EXIT.ok);
  // The app held the lease throughout: it did the work, not jrs.
  expect(app.isHistoryOwner()).toBe(true);
  expect(result.json.at(-1)).toMatchObject({ type: 'summary', rows: 2, succeeded: 2, downloaded: 2 });
  // Saved by the app: each file as soon as its job succeeded, where the app's settings say (it downloads
  // at once by default), or here when the batch asked first. Either way whole, and said where.
  const rows = records(result, 'row');
  const files = records(result, 'download');
  expect(files.map((file) => file['state'])).toEqual(['done', 'done']);
  for (const file of files) {
    const path = String(file['path']);
    expect([join(world.dir, 'out'), world.downloadsDir].some((folder) => path.startsWith(folder))).toBe(true);
    const row = rows.find((candidate) => candidate['jobId'] === file['jobId'])!;
    expect(path.endsWith(row['row'] === 0 ? 'Ana.png' : 'Ben.png')).toBe(true);
    expect(readFileSync(path).equals(await storedBytes(remote, String(row['outputPath'])))).toBe(true);
  }
});

it('says at once that the other program cannot work for a JRS_BASE_URL account', async () => {
  await writeFile(join(world.dir, 'one.csv'), 'Headline\nHi\n');
  const before = remote.inspect.jobCount(KEY_A);
  const result = await jrs(world, ['batch', IDS.image, '--sheet', 'one.csv', '--yes'], {
    env: { JRS_BASE_URL: remote.url, JRS_API_KEY: KEY_A },
  });
  expect(result.code).toBe(EXIT.error);
  expect(result.stderr).toBe(
    'error: Another program (the desktop app, or another jrs) is working on this history, and it cannot use the JRS_BASE_URL account.\n' +
      'Close it, or give this run a history of its own with JRS_DATA_DIR=<folder>.\n',
  );
  expect(remote.inspect.jobCount(KEY_A)).toBe(before);
});

it(
  'says that --no-download cannot keep the other program from saving the files by its settings',
  LOADED,
  async () => {
    await writeFile(join(world.dir, 'one.csv'), 'Headline\nHi\n');
    const result = await jrsBesideTheApp([
      'batch',
      IDS.image,
      '--sheet',
      'one.csv',
      '--yes',
      '--no-download',
    ]);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stderr).toContain(
      'This run saves no file (--no-download), but the program working on this history (the desktop app, or another jrs) may save them, by the account’s automatic download.',
    );
  },
);
