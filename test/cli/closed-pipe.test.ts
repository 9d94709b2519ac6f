// `jrs projects | head -1`: a reader that closes stdout early ends the CLI quietly with exit 0, as git and
// ls do, with no stack trace on stderr. A real process of bin/jrs.mjs against the sandbox.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox';
import { cleanupsAfterEach } from '../fixtures/cleanups';
import { KEY_A, makeTestSeed } from '../fixtures/test-seed';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin/jrs.mjs');
// A process compiled by tsx, on two cores shared with the rest of the suite.
const SLOW_MS = 60_000;

const cleanups = cleanupsAfterEach(SLOW_MS);

it(
  'a stdout closed by its reader ends jrs with exit 0 and no stack',
  async () => {
    const sandbox = await startSandbox({ seed: makeTestSeed() });
    cleanups.push(() => sandbox.close());
    const dir = mkdtempSync(join(tmpdir(), 'jrs-cli-pipe-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const child = spawn(process.execPath, [BIN, 'projects'], {
      cwd: ROOT,
      env: {
        ...process.env,
        JRS_DATA_DIR: join(dir, 'data'),
        JRS_BASE_URL: sandbox.url,
        JRS_API_KEY: KEY_A,
        JRS_KEYCHAIN_SERVICE: `jrs-cli-pipe-test-${process.pid}`,
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    // The reader is gone before jrs writes its first line (as `| head -0`, or `| head -1` once it has its
    // line while jrs still writes): every write of jrs meets a closed pipe.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
      child.once('close', (exitCode, exitSignal) => done([exitCode, exitSignal])),
    );
    expect(stderr).not.toMatch(/EPIPE| {4}at /);
    expect(stderr).toBe('');
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  },
  SLOW_MS,
);
