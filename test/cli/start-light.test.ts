// `jrs --help`, `jrs --version` and a command's own help are answered from the command list alone: the
// built jrs (a real process of bin/jrs.mjs) loads no command module's libraries — no history (better-sqlite3),
// keychain (keytar), HTTP (undici), storage (AWS SDK) or zod — and creates no data folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { packageVersion } from '../../electron/node-shared/package-root';

const ROOT = resolve(__dirname, '../..');
const RECORDER = join(ROOT, 'test/fixtures/record-requires.cjs');
const HEAVY = ['better-sqlite3', 'keytar', 'undici', '@aws-sdk/client-s3', 'zod', '@e965/xlsx', 'fastify'];

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function jrsProcess(args: string[], env: Record<string, string> = {}) {
  dir = mkdtempSync(join(tmpdir(), 'jrs-start-'));
  const record = join(dir, 'loaded.txt');
  const dataDir = join(dir, 'data');
  const result = spawnSync(process.execPath, ['-r', RECORDER, join(ROOT, 'bin/jrs.mjs'), ...args], {
    cwd: dir,
    env: { ...process.env, JRS_DATA_DIR: dataDir, JRS_RECORD_REQUIRES: record, NO_COLOR: '1', ...env },
    encoding: 'utf8',
  });
  const loaded = existsSync(record) ? readFileSync(record, 'utf8').trim().split('\n') : [];
  return { ...result, loaded, dataDirMade: existsSync(dataDir) };
}

it('--version prints the package’s version and loads nothing but the command line', () => {
  const result = jrsProcess(['--version']);
  expect(result.status).toBe(0);
  expect(result.stdout.trim()).toBe(packageVersion());
  expect(result.loaded.filter((name) => HEAVY.includes(name))).toEqual([]);
  expect(result.dataDirMade).toBe(false);
});

it('--help lists every command without loading any of them', () => {
  const result = jrsProcess(['--help']);
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/submit \[options\] <project> +submit one job of a project/);
  expect(result.stdout).toMatch(/-V, --version +the version of jrs/);
  expect(result.loaded.filter((name) => HEAVY.includes(name))).toEqual([]);
  expect(result.dataDirMade).toBe(false);
});

it('a command’s own help opens no history, keychain or network', () => {
  const result = jrsProcess(['jobs', '--help']);
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/Usage: jrs jobs \[options\]/);
  expect(result.loaded.filter((name) => ['better-sqlite3', 'keytar', 'undici'].includes(name))).toEqual([]);
  expect(result.dataDirMade).toBe(false);
});

it('the recorder sees what a command that opens the history loads (so the checks above can fail)', () => {
  const result = jrsProcess(['accounts'], { JRS_KEYCHAIN_SERVICE: `jrs-start-light-${process.pid}` });
  expect(result.status, result.stderr).toBe(0);
  expect(result.loaded).toEqual(expect.arrayContaining(['better-sqlite3', 'keytar', 'zod']));
  expect(result.dataDirMade).toBe(true);
});
