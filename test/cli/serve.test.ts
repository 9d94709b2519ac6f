// `jrs serve`: the browser host started from the command line on the run's history, its sign-in address
// printed (with --json as a record) and good once, and a clean stop on Ctrl-C. Where it opens a browser, the
// browser is given an owner-only file that redirects to the link, never the link (which `ps` would show
// every local user); the file goes once the link is used, and Enter makes a new one.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, expect, it, onTestFinished } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { FakeTime } from '../fixtures/fake-time';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { CapturedStream, cliWorld, jrs, type CliWorld } from './cli-harness';

let world: CliWorld;
beforeEach(() => {
  world = cliWorld({ sandbox: testSandboxLauncher() });
});
afterEach(() => world.remove());

/** A built page of its own, so that the test does not depend on `npm run build`. */
function renderer(): string {
  const rendererDir = join(world.dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>served</title>');
  return rendererDir;
}

/** Follows a sign-in link as a browser navigation does. */
const follow = (link: string) =>
  fetch(link, {
    headers: { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' },
  });

it('serves the app to a browser on this computer until Ctrl-C', async () => {
  const stop = new AbortController();
  const stdout = new CapturedStream();
  const running = jrs(world, ['serve', '--port', '0', '--no-open', '--json'], {
    signal: stop.signal,
    stdout,
    rendererDir: renderer(),
  });
  const ended = running.then((result) => new Error(`jrs serve ended (${result.code}): ${result.stderr}`));
  const first = await Promise.race([
    stdout.until(/"url":"(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)"/),
    ended,
  ]);
  if (first instanceof Error) throw first;
  const address = first[1]!;

  const signedIn = await follow(address);
  expect(signedIn.status).toBe(200);
  expect(signedIn.headers.get('set-cookie')).toBeNull();
  expect(await signedIn.text()).toMatch(/#session=[\w-]+/);
  // The printed link works once.
  expect((await follow(address)).status).toBe(410);
  const page = await fetch(new URL('/', address));
  expect(await page.text()).toContain('<title>served</title>');

  stop.abort();
  const result = await running;
  expect(result.code).toBe(EXIT.ok);
  await expect(fetch(new URL('/', address))).rejects.toThrow();
});

it('gives the browser an owner-only sign-in file, never the link, and deletes it once used', async () => {
  const opened: string[] = [];
  const stop = new AbortController();
  const stdout = new CapturedStream();
  const running = jrs(world, ['serve', '--port', '0', '--json'], {
    signal: stop.signal,
    stdout,
    rendererDir: renderer(),
    env: { DISPLAY: ':0' },
    // Enter, typed once: a second sign-in file is opened.
    stdin: '\n',
    openInBrowser: async (target) => void opened.push(target),
  });
  const ended = running.then((result) => new Error(`jrs serve ended (${result.code}): ${result.stderr}`));
  const second = await Promise.race([stdout.until(/signInFile[^]*signInFile.*\n/), ended]);
  if (second instanceof Error) throw second;

  expect(opened).toHaveLength(2);
  const dataDir = world.env['JRS_DATA_DIR']!;
  for (const target of opened) {
    // The opener's whole argument: a file's path in the data folder, no token in it.
    expect(target).not.toMatch(/token/i);
    expect(dirname(target)).toBe(dataDir);
    expect(statSync(target).mode & 0o777).toBe(0o600);
  }
  const [first, other] = opened as [string, string];
  const link = /url=(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(readFileSync(first, 'utf8'))![1]!;
  expect(stdout.text).not.toContain(link);
  expect((await follow(link)).status).toBe(200);
  // Used, its file is gone; the one not used goes when the host stops.
  await expect.poll(() => existsSync(first)).toBe(false);
  expect(existsSync(other)).toBe(true);

  stop.abort();
  expect((await running).code).toBe(EXIT.ok);
  expect(existsSync(other)).toBe(false);
});

it('keeps running when a new sign-in file cannot be written, and says why', async () => {
  // The history's watch must not look while its folder is away (its timers are the test's, never moved).
  const time = new FakeTime();
  Object.assign(world.core, { timers: time, clock: time });
  const dataDir = world.env['JRS_DATA_DIR']!;
  const away = `${dataDir}.away`;
  // A failure root gets too: the data folder's name is a plain file, so no file can be made "in" it.
  const blockDataDir = () => {
    renameSync(dataDir, away);
    writeFileSync(dataDir, 'not a folder');
  };
  const restoreDataDir = () => {
    rmSync(dataDir);
    renameSync(away, dataDir);
  };
  const crashed = new Promise<Error>((resolve) => {
    const onRejection = (reason: unknown) => resolve(new Error(`jrs serve would end: ${String(reason)}`));
    process.once('unhandledRejection', onRejection);
    onTestFinished(() => void process.off('unhandledRejection', onRejection));
  });
  const opened: string[] = [];
  const stop = new AbortController();
  const stdout = new CapturedStream();
  const stderr = new CapturedStream();
  const running = jrs(world, ['serve', '--port', '0', '--json'], {
    signal: stop.signal,
    stdout,
    stderr,
    rendererDir: renderer(),
    env: { DISPLAY: ':0' },
    // Enter, typed once the first file was opened: by then the folder can hold no new file.
    stdin: '\n',
    openInBrowser: async (target) => {
      opened.push(target);
      blockDataDir();
    },
  });
  const ended = running.then((result) => new Error(`jrs serve ended (${result.code}): ${result.stderr}`));
  const said = await Promise.race([stderr.until(/No new sign-in link.*\n.*\n/), ended, crashed]);
  if (said instanceof Error) throw said;

  expect(opened).toHaveLength(1);
  expect(said[0]).toContain(
    `No new sign-in link could be made: the sign-in file could not be written in ${dataDir}`,
  );
  expect(said[0]).toContain('ENOTDIR');
  expect(said[0]).toContain('Press Enter to try again');
  // The host still serves, and the first link still signs in.
  restoreDataDir();
  const first = /url=(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(readFileSync(opened[0]!, 'utf8'))![1]!;
  expect((await follow(first)).status).toBe(200);

  stop.abort();
  expect((await running).code).toBe(EXIT.ok);
});
