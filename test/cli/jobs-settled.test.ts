// `jrs jobs` on a settled history reads the rows it shows straight from the file (the built jrs, a real
// process): the same records as the core's `jobs:list`, without loading the core (no zod, HTTP, storage or
// sandbox). Anything the core must see to, a job still open or a damaged accounts file or a team database
// for the run, opens the core as before.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { jobRecord } from '../../electron/cli/job-words';
import { seedHistory } from '../e2e/seed-history';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { cliWorld, jrs, withCore, type CliWorld } from './cli-harness';

const ROOT = resolve(__dirname, '../..');
const RECORDER = join(ROOT, 'test/fixtures/record-requires.cjs');
const CORE_ONLY = ['zod', 'undici', 'fastify', '@aws-sdk/client-s3'];

let world: CliWorld;
let accountId = '';
beforeEach(async () => {
  world = cliWorld({ sandbox: testSandboxLauncher() });
  expect((await jrs(world, ['accounts', 'add', '--sandbox'])).code).toBe(EXIT.ok);
  accountId = (JSON.parse(readFileSync(join(world.dataDir, 'accounts.json'), 'utf8')) as { activeId: string })
    .activeId;
  seedHistory(world.dataDir, accountId, 120);
});
afterEach(() => world.remove());

/** The built jrs in its own process on the world's folder; what it printed and which packages it loaded. */
function builtJrs(args: string[], env: Record<string, string> = {}) {
  const record = join(world.dir, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  const result = spawnSync(process.execPath, ['-r', RECORDER, join(ROOT, 'bin/jrs.mjs'), ...args], {
    cwd: world.dir,
    env: {
      ...process.env,
      ...world.env,
      JRS_BASE_URL: '',
      JRS_API_KEY: '',
      JRS_DATABASE_URL: '',
      JRS_KEYCHAIN_SERVICE: `jrs-jobs-settled-${process.pid}`,
      JRS_RECORD_REQUIRES: record,
      ...env,
    } as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
  const loaded = existsSync(record) ? readFileSync(record, 'utf8').trim().split('\n') : [];
  const lines = result.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { ...result, loaded, lines };
}

const coreList = () => withCore(world, async (call) => (await call('jobs:list')).map(jobRecord));

it('lists a settled history as the core does, without loading the core', async () => {
  const listed = builtJrs(['--json', 'jobs', '--limit', '30']);
  expect(listed.status, listed.stderr).toBe(EXIT.ok);
  expect(listed.lines).toEqual((await coreList()).slice(0, 30));
  expect(listed.loaded.filter((name) => CORE_ONLY.includes(name))).toEqual([]);

  const human = builtJrs(['jobs', '--limit', '2']);
  expect(human.stdout.split('\n')[0]).toMatch(/^ID\s+STATUS\s+PROJECT\s+CREATED\s+CREDITS\s+VALUES$/);
  expect(human.stdout).toMatch(/^\w{8}\s+Succeeded\s+Social Banner 1080x1080\s+.+Hello Perth #119$/m);
  expect(human.stderr).toContain('… and 118 more (use --limit).');
});

it('filters a settled history as the core does', async () => {
  const listed = builtJrs(['--json', 'jobs', '--status', 'failed', '--search', 'lisbon', '--limit', '3']);
  expect(listed.status, listed.stderr).toBe(EXIT.ok);
  const expected = (await coreList()).filter(
    (job) => job.status === 'FAILED' && JSON.stringify(job.values).toLowerCase().includes('lisbon'),
  );
  expect(expected.length).toBeGreaterThan(0);
  expect(listed.lines).toEqual(expected.slice(0, 3));
  expect(listed.loaded).not.toContain('zod');
});

it('opens the core when a job of the account is still open', async () => {
  const db = new Database(join(world.dataDir, 'history.sqlite'));
  db.prepare(
    `UPDATE jobs SET tracking = 'active', status = 'IN_PROGRESS', finished_at = NULL
     WHERE id = (SELECT id FROM jobs ORDER BY first_seen_ms DESC LIMIT 1)`,
  ).run();
  db.close();
  const listed = builtJrs(['jobs', '--limit', '1']);
  expect(listed.status, listed.stderr).toBe(EXIT.ok);
  expect(listed.loaded).toContain('zod');
  expect(listed.stdout).toMatch(/Hello Perth #119/);
});

it('leaves a damaged accounts file, and a team database for the run, to the core', () => {
  writeFileSync(join(world.dataDir, 'accounts.json'), '{"version": 1, "activeId": ');
  const damaged = builtJrs(['jobs']);
  expect(damaged.loaded).toContain('zod');
  // The core sets it aside (kept, not lost); with no account left there is nothing to list.
  expect(readdirSync(world.dataDir).some((name) => name.startsWith('accounts.json.damaged-'))).toBe(true);
  expect(damaged.stdout).toBe('No job matches.\n');

  const team = builtJrs(['jobs'], { JRS_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/studio' });
  expect(team.status).not.toBe(EXIT.ok);
  expect(team.loaded).toContain('zod');
});
