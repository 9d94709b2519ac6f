// `jrs accounts add` on an account list shared with other processes: two commands adding at once both
// keep their account (real child processes on one JRS_DATA_DIR), and an accounts.json its owner cannot
// read (mode 000; the command runs as a user who is not root, since root reads through any mode) is
// refused in words with exit 1 and left as it was, never replaced by a list of the new account alone.
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, records, type CliWorld } from './cli-harness';

const ROOT = resolve(__dirname, '../..');
const AS_ROOT = process.getuid?.() === 0;
const OTHER = 65534;

let remote: RunningSandbox;
const worlds: CliWorld[] = [];
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
});
afterAll(() => remote.close());
afterEach(() => worlds.splice(0).forEach((world) => world.remove()));

function newWorld(): CliWorld {
  const world = cliWorld({ sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50 })) });
  worlds.push(world);
  return world;
}

/** The real `jrs` in a process of its own (as the account list's non-root owner when `asOwner`). */
function jrsProcess(world: CliWorld, argv: string[], stdin: string, asOwner = false) {
  const other = asOwner && AS_ROOT;
  const command = other ? 'setpriv' : process.execPath;
  const args = [
    ...(other ? [`--reuid=${OTHER}`, `--regid=${OTHER}`, '--clear-groups', process.execPath] : []),
    resolve(ROOT, 'bin/jrs.mjs'),
    ...argv,
  ];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'],
      HOME: world.dir,
      NO_COLOR: '1',
      JRS_DATA_DIR: world.dataDir,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/jrs-no-secret-service',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.once('exit', (code) => done({ code, stdout, stderr })),
  );
}

const addSessionOnly = (name: string) => [
  'accounts',
  'add',
  '--name',
  name,
  '--url',
  remote.url,
  '--session-only',
];

it('keeps both accounts when two jrs accounts add run at once on one data folder', async () => {
  const world = newWorld();
  const results = await Promise.all([
    jrsProcess(world, addSessionOnly('First'), KEY_A),
    jrsProcess(world, addSessionOnly('Second'), KEY_B),
  ]);
  for (const result of results) expect(result.code, result.stderr).toBe(EXIT.ok);
  const listed = await jrs(world, ['accounts', 'list', '--json']);
  expect(records(listed, 'account').map((account) => account['name'])).toEqual(
    expect.arrayContaining(['First', 'Second']),
  );
}, 60_000);

it.skipIf(process.platform === 'win32')(
  'refuses to add an account in words when accounts.json cannot be read, and leaves it as it was',
  async () => {
    const world = newWorld();
    const first = await jrs(world, ['accounts', 'add', '--sandbox']);
    expect(first.code, first.stderr).toBe(EXIT.ok);
    const path = join(world.dataDir, 'accounts.json');
    const before = readFileSync(path, 'utf8');
    if (AS_ROOT)
      for (const entry of [
        world.dir,
        world.dataDir,
        ...readdirSync(world.dataDir).map((n) => join(world.dataDir, n)),
      ])
        chownSync(entry, OTHER, OTHER);
    chmodSync(path, 0o000);

    const refused = await jrsProcess(world, addSessionOnly('Team'), KEY_A, true);
    expect(refused.code, refused.stderr).toBe(EXIT.error);
    expect(refused.stdout).not.toContain('Added');
    expect(refused.stderr).toContain(
      `The account list (${path}) could not be read (EACCES): nothing was changed.`,
    );
    expect(refused.stderr).toContain(`chmod 600 "${path}"`);
    expect(refused.stderr).not.toMatch(/Something went wrong/);
    expect(refused.stdout + refused.stderr).not.toContain(KEY_A);
    expect(statSync(path).mode & 0o777).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(before);
  },
  60_000,
);
