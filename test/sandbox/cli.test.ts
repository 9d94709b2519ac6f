// The sandbox as a process: `npm run sandbox -- …` prints its address and keys and stops on a signal.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
let scratch: string;
let seedFile: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'jrs-cli-'));
  seedFile = join(scratch, 'seed.json');
  await writeFile(seedFile, JSON.stringify(makeTestSeed()));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

function launch(args: string[]) {
  const child = spawn(TSX, ['electron/sandbox/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const listening = async (): Promise<string> => {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const match = /Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match?.[1] && stdout.includes(KEY_B)) return match[1];
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no listening line; stdout=${stdout} stderr=${stderr}`);
  };
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

describe('the sandbox command line', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'listens on 127.0.0.1, prints the keys, serves the seed, and stops cleanly on %s',
    async (signal) => {
      const run = launch(['--port', '0', '--seed', seedFile, '--data-dir', join(scratch, signal)]);
      const url = await run.listening();
      expect(run.output().stdout).toContain(KEY_A);
      const response = await fetch(`${url}/auth/credits`, { headers: { 'x-api-key': KEY_A } });
      expect(await response.json()).toEqual({ credits: 100 });
      run.child.kill(signal);
      expect(await run.exited).toBe(0);
    },
  );

  it('applies fault flags', async () => {
    const run = launch(['--port', '0', '--seed', seedFile, '--error-rate', '1']);
    const url = await run.listening();
    const response = await fetch(`${url}/auth/credits`, { headers: { 'x-api-key': KEY_A } });
    expect([500, 503]).toContain(response.status);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('limits each key to N requests per second with --rate-limit-per-key N', async () => {
    const run = launch(['--port', '0', '--seed', seedFile, '--rate-limit-per-key', '1']);
    const url = await run.listening();
    const credits = () => fetch(`${url}/auth/credits`, { headers: { 'x-api-key': KEY_A } });
    const statuses = (await Promise.all([credits(), credits()])).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 429]);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it.each([
    [['--error-rate', '2'], /--error-rate must be a number from 0 to 1/],
    [['--rate-limit-per-key', '0'], /--rate-limit-per-key must be a whole number from 1/],
    [['--rate-limit-per-key', '2.5'], /--rate-limit-per-key must be a whole number from 1/],
    [['--seed', '/no/such/seed.json'], /Cannot read the seed file/],
    [['--bogus'], /Unknown option/],
  ])('refuses bad arguments %j with a clear message', async (args, message) => {
    const run = launch(['--port', '0', ...args]);
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toMatch(message);
  });
});
