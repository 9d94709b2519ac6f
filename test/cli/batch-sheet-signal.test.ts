// `jrs batch` on hostile and big spreadsheets: a sheet over the limits is refused in words (exit 2) before
// anything is sent; the sheet is hashed as a stream (a folder is said to be unreadable, not missing); and
// a real `jrs batch` process sent SIGTERM while it reads a big sheet stops there (the read runs on a
// thread, so the CLI's own signal handling runs): exit 130, "Stopped.", no preview.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { sheetXml, xlsxOf } from '../core/batches/hostile-sheets';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs } from './cli-harness';

const ROOT = resolve(__dirname, '../..');
const MAIN = join(ROOT, 'electron/cli/main.ts');

let remote: RunningSandbox;
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed() });
});
afterAll(() => remote.close());

it('refuses a sheet over the limits in words, exit 2, nothing sent', async () => {
  const world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) } });
  try {
    world.env['JRS_BASE_URL'] = remote.url;
    world.env['JRS_API_KEY'] = KEY_A;
    writeFileSync(
      join(world.dir, 'big.xlsx'),
      xlsxOf([sheetXml({ rows: 100, columns: 200, dimension: 'A1:GR99001' })]),
    );
    const before = remote.inspect.jobCount(KEY_A);
    const result = await jrs(world, ['batch', IDS.image, '--sheet', 'big.xlsx', '--yes']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain(
      'error: This sheet has 19,800,200 cells (99,001 rows × 200 columns); the app reads at most 2,000,000. Split it or remove empty columns.',
    );
    expect(remote.inspect.jobCount(KEY_A)).toBe(before);
  } finally {
    world.remove();
  }
});

it('reads the sheet as a stream to know it again: a folder given as --sheet is unreadable, not missing', async () => {
  const world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) } });
  try {
    world.env['JRS_BASE_URL'] = remote.url;
    world.env['JRS_API_KEY'] = KEY_A;
    mkdirSync(join(world.dir, 'sheets.csv'));
    const result = await jrs(world, ['batch', IDS.image, '--sheet', 'sheets.csv', '--yes']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain(`--sheet: ${join(world.dir, 'sheets.csv')} could not be read (EISDIR).`);
  } finally {
    world.remove();
  }
});

it('stops on SIGTERM while it reads a big sheet: exit 130, "Stopped.", nothing previewed or sent', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jrs-cli-sigterm-'));
  try {
    // 1,900,000 cells: within the limits, and many seconds of parsing.
    const sheet = join(dir, 'big.xlsx');
    writeFileSync(sheet, xlsxOf([sheetXml({ rows: 9_500, columns: 200, references: false })]));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', MAIN, 'batch', IDS.image, '--sheet', sheet, '--yes', '--json'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          JRS_DATA_DIR: join(dir, 'data'),
          JRS_BASE_URL: remote.url,
          JRS_API_KEY: KEY_A,
          JRS_KEYCHAIN_SERVICE: `jrs-sigterm-test-${process.pid}`,
          NO_COLOR: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    // Waits (on the child's own words, no clock) until it has begun reading the sheet.
    await new Promise<void>((reading) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('Reading big.xlsx…')) reading();
      });
      void exited.then(() => reading());
    });
    child.kill('SIGTERM');
    const code = await exited;
    expect(stderr).toContain('Reading big.xlsx…');
    expect(code).toBe(EXIT.interrupted);
    expect(stderr).toContain('Stopped.');
    // Stopped during the read: the sheet never got as far as its preview.
    expect(stdout).not.toContain('"type":"preview"');
    expect(stdout).toContain('"kind":"interrupted"');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
