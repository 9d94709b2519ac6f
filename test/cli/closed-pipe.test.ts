// `jrs projects | head -1`: a reader that closes stdout early ends the CLI quietly with exit 0, as git and
// ls do, with no stack trace on stderr. Real processes of bin/jrs.mjs (the built jrs): against the sandbox,
// with the pipe closed before the first line, and through a shell's `| head -1` while a table far longer
// than a pipe holds is still being written; and `jrs schema`, which needs no account.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox';
import { cleanupsAfterEach } from '../fixtures/cleanups';
import { KEY_A, makeTestSeed } from '../fixtures/test-seed';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin/jrs.mjs');
// Real processes, on two cores shared with the rest of the suite.
const SLOW_MS = 60_000;

const cleanups = cleanupsAfterEach(SLOW_MS);

let dir: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jrs-cli-pipe-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  env = {
    ...process.env,
    JRS_DATA_DIR: join(dir, 'data'),
    JRS_KEYCHAIN_SERVICE: `jrs-cli-pipe-test-${process.pid}`,
    NO_COLOR: '1',
  };
});

async function onSandbox(projects = 0): Promise<void> {
  const seed = makeTestSeed();
  const account = seed.accounts[0]!;
  const model = account.projects![0]!;
  // Long names: each line of the table is about 200 characters.
  for (let i = 0; i < projects; i += 1) {
    account.projects!.push({
      ...model,
      projectId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      projectName: `Project ${i} ${'of a very long name '.repeat(7)}`,
    });
  }
  const sandbox = await startSandbox({ seed });
  cleanups.push(() => sandbox.close());
  env['JRS_BASE_URL'] = sandbox.url;
  env['JRS_API_KEY'] = KEY_A;
}

/** Runs jrs with its stdout already closed by its reader (as `| head -0`): every write meets a closed pipe. */
async function withClosedStdout(argv: string[]) {
  const child = spawn(process.execPath, [BIN, ...argv], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
    child.once('close', (exitCode, exitSignal) => done([exitCode, exitSignal])),
  );
  return { code, signal, stderr };
}

/** `jrs <argv> | head -1` in a shell: what head printed, and jrs's own exit status and stderr. */
async function pipedToHead(argv: string[]) {
  const errFile = join(dir, 'stderr.txt');
  const words = [process.execPath, BIN, ...argv].map((word) => `'${word}'`).join(' ');
  const child = spawn('bash', ['-c', `${words} 2>'${errFile}' | head -1; echo "jrs:\${PIPESTATUS[0]}"`], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  await new Promise((done) => child.once('close', done));
  const [line = '', status = ''] = stdout.split('\n');
  return { line, status, stderr: readFileSync(errFile, 'utf8') };
}

it(
  'a stdout closed by its reader ends jrs with exit 0 and no stack',
  async () => {
    await onSandbox();
    const result = await withClosedStdout(['projects']);
    expect(result.stderr).not.toMatch(/EPIPE| {4}at /);
    expect(result.stderr).toBe('');
    expect({ code: result.code, signal: result.signal }).toEqual({ code: 0, signal: null });
  },
  SLOW_MS,
);

it(
  'a long table cut by `| head -1` while jrs still writes it: exit 0, nothing on stderr',
  async () => {
    // About 1 MB of table, many times what a pipe holds: jrs is still writing when head has its line.
    await onSandbox(5000);
    const result = await pipedToHead(['projects']);
    expect(result.line).toMatch(/^NAME\s+TYPE\s+ACTIVE\s+ID$/);
    expect(result.stderr).toBe('');
    expect(result.status).toBe('jrs:0');
  },
  SLOW_MS,
);

it(
  '`jrs schema | head -1`, and jrs schema into a closed pipe, end quietly with exit 0',
  async () => {
    const piped = await pipedToHead(['schema']);
    expect([piped.line, piped.stderr, piped.status]).toEqual(['{', '', 'jrs:0']);
    const closed = await withClosedStdout(['schema']);
    expect([closed.code, closed.signal, closed.stderr]).toEqual([0, null, '']);
  },
  SLOW_MS,
);
