// The command line on a team's history (JRS_DATABASE_URL) with the account from JRS_BASE_URL and
// JRS_API_KEY: two computers (two data folders) share one history in a real PostgreSQL. What one submits,
// the other lists, finished; neither's SQLite file gets a job; the address's password is never printed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { pgClusterForThisFile } from '../fixtures/pg-cluster-per-file';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, records, type CliWorld } from './cli-harness';
import { EXIT } from '../../electron/cli/exit-codes';

const cluster = pgClusterForThisFile();
let remote: RunningSandbox;
const worlds: CliWorld[] = [];

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 200 }) });
});
afterAll(() => remote.close());
afterEach(() => worlds.splice(0).forEach((world) => world.remove()));

function computer(url: string): CliWorld {
  const world = cliWorld();
  world.env['JRS_DATABASE_URL'] = url;
  world.env['JRS_BASE_URL'] = remote.url;
  world.env['JRS_API_KEY'] = KEY_A;
  worlds.push(world);
  return world;
}

it('submits on one computer and lists the finished job on another, on one team history', async () => {
  const url = await cluster().createDatabase();
  const password = new URL(url).password;
  const studio1 = computer(url);
  const studio2 = computer(url);

  const sent = await jrs(studio1, [
    'submit',
    IDS.video,
    '--set',
    'headline=Shared',
    '--set',
    'photo=https://example.com/a.png',
    '--wait',
    '--json',
  ]);
  expect(sent.code).toBe(EXIT.ok);
  const job = records(sent, 'job').at(-1);
  expect(job).toMatchObject({ status: 'SUCCESS' });

  const listed = await jrs(studio2, ['jobs', '--json']);
  expect(listed.code).toBe(EXIT.ok);
  expect(records(listed, 'job')).toEqual([expect.objectContaining({ id: job?.['id'], status: 'SUCCESS' })]);
  // The history is the team's: no SQLite history was made on either computer.
  expect(existsSync(join(studio1.dataDir, 'history.sqlite'))).toBe(false);
  expect(existsSync(join(studio2.dataDir, 'history.sqlite'))).toBe(false);
  for (const run of [sent, listed]) expect(run.stdout + run.stderr).not.toContain(password);
});

it('works on the team history saved with jrs team connect, the account saved in this computer’s keychain', async () => {
  const url = await cluster().createDatabase();
  const studio1 = computer(url);
  const sent = await jrs(studio1, [
    'submit',
    IDS.video,
    '--set',
    'headline=From the environment',
    '--set',
    'photo=https://example.com/a.png',
    '--wait',
    '--json',
  ]);
  expect(sent.code, sent.stderr).toBe(EXIT.ok);
  const job = records(sent, 'job').at(-1);

  // Another computer: nothing in its environment; the address and the account saved, each in its keychain.
  const studio2 = cliWorld();
  worlds.push(studio2);
  expect((await jrs(studio2, ['team', 'connect'], { stdin: `${url}\n` })).code).toBe(EXIT.ok);
  const added = await jrs(studio2, ['accounts', 'add', '--name', 'Brand', '--url', remote.url], {
    stdin: `${KEY_A}\n`,
  });
  expect(added.code, added.stderr).toBe(EXIT.ok);
  const listed = await jrs(studio2, ['jobs', '--json']);
  expect(listed.code, listed.stderr).toBe(EXIT.ok);
  expect(records(listed, 'job')).toEqual([expect.objectContaining({ id: job?.['id'], status: 'SUCCESS' })]);
  expect(existsSync(join(studio2.dataDir, 'history.sqlite'))).toBe(false);
  // Forgotten: this computer's own history again (empty).
  expect((await jrs(studio2, ['team', 'forget'])).code).toBe(EXIT.ok);
  expect(records(await jrs(studio2, ['jobs', '--json']), 'job')).toEqual([]);
});
