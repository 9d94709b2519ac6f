// `jrs accounts` against the real sandbox: a key read from stdin, checked by the service and kept in the
// keychain (never in accounts.json, never printed); listing, choosing and removing; the built-in sandbox;
// a refused key exits 3. And the JRS_BASE_URL account: it works, and no file ever names it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { envAccountId } from '../../electron/cli/env-account';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, records, type CliResult, type CliWorld } from './cli-harness';

let remote: RunningSandbox;
let world: CliWorld;
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed() });
});
afterAll(() => remote.close());
beforeEach(() => {
  world = cliWorld({ sandbox: testSandboxLauncher(makeTestSeed()) });
});
afterEach(() => world.remove());

const keyless = (...results: CliResult[]) => {
  for (const result of results) {
    for (const key of [KEY_A, KEY_B]) expect(result.stdout + result.stderr).not.toContain(key);
  }
};

it('adds accounts with the key from stdin, lists them, makes one active and removes one', async () => {
  const team = await jrs(world, ['accounts', 'add', '--name', 'Team', '--url', remote.url, '--json'], {
    stdin: `${KEY_A}\n`,
  });
  expect(team.code).toBe(EXIT.ok);
  expect(team.json).toEqual([
    {
      type: 'account',
      id: expect.any(String),
      name: 'Team',
      baseUrl: remote.url,
      keyLast4: KEY_A.slice(-4),
      state: 'valid',
      kind: 'remote',
      storage: 'keychain',
      active: true,
    },
  ]);
  const id = team.json[0]!['id'] as string;
  expect(await world.secrets.get(id)).toBe(KEY_A);
  const other = await jrs(world, ['accounts', 'add', '--name', 'Other', '--url', `${remote.url}/`], {
    stdin: KEY_B,
  });
  expect(other.stdout).toBe('Added “Other” and made it the active account.\n');
  expect(readFileSync(join(world.dataDir, 'accounts.json'), 'utf8')).not.toContain(KEY_B);

  const listed = await jrs(world, ['accounts', 'list', '--json']);
  expect(listed.json.map((line) => [line['name'], line['active']])).toEqual([
    ['Team', false],
    ['Other', true],
  ]);
  const used = await jrs(world, ['accounts', 'use', 'team']);
  expect(used.stdout).toBe('“Team” is the active account now.\n');
  // For people: a table, the active account marked.
  const table = await jrs(world, ['accounts']);
  expect(table.stdout.split('\n')[0]).toMatch(/^\s+NAME\s+ADDRESS\s+KEY\s+KEPT\s+STATE\s+ID$/);
  expect(table.stdout).toMatch(
    /^\* {2}Team {3}http:\/\/127\.0\.0\.1:\d+ {2}…0001 {2}keychain {2}unchecked {2}[0-9a-f]{8}$/m,
  );

  const removed = await jrs(world, ['accounts', 'remove', 'Other', '--json']);
  expect(records(removed, 'removed')).toEqual([
    { type: 'removed', id: expect.any(String), name: 'Other', historyDeleted: false },
  ]);
  expect((await jrs(world, ['accounts', 'list', '--json'])).json.map((line) => line['name'])).toEqual([
    'Team',
  ]);
  expect((await jrs(world, ['accounts', 'use', 'nobody'])).code).toBe(EXIT.usage);
  keyless(team, other, listed, used, table, removed);
});

it('refuses a key the service refuses (exit 3) and a missing key (exit 2), saving nothing', async () => {
  const refused = await jrs(world, ['accounts', 'add', '--name', 'Bad', '--url', remote.url], {
    stdin: 'not-the-right-key-at-all',
  });
  expect(refused.code).toBe(EXIT.auth);
  expect(refused.stderr).toContain(`The service at ${remote.url} refused this API key.`);
  expect(refused.stderr).not.toContain('not-the-right-key-at-all');
  const empty = await jrs(world, ['accounts', 'add', '--name', 'Bad', '--url', remote.url], { stdin: '' });
  expect(empty.code).toBe(EXIT.usage);
  expect(empty.stderr.split('\n')[0]).toBe('error: No API key was given.');
  expect((await jrs(world, ['accounts', 'list', '--json'])).json).toEqual([]);
});

it('uses the built-in sandbox as an account', async () => {
  const added = await jrs(world, ['accounts', 'add', '--sandbox', '--json']);
  expect(added.code).toBe(EXIT.ok);
  expect(added.json[0]).toMatchObject({ type: 'account', kind: 'sandbox', active: true });
  const projects = await jrs(world, ['projects', '--json']);
  expect(records(projects, 'project').map((line) => line['name'])).toContain('Spring promo');
});

it('works on JRS_BASE_URL and JRS_API_KEY without saving the account or its key anywhere', async () => {
  const env = { JRS_BASE_URL: remote.url, JRS_API_KEY: KEY_A };
  const projects = await jrs(world, ['projects', '--json'], { env });
  expect(projects.code).toBe(EXIT.ok);
  expect(records(projects, 'project')).toContainEqual({
    type: 'project',
    id: expect.any(String),
    name: 'Spring promo',
    projectType: 'ai_talking_video',
    startDate: null,
    endDate: null,
  });
  const id = envAccountId(remote.url, KEY_A);
  expect(id).toMatch(/^env-[0-9a-f]{24}$/);
  expect(await world.secrets.get(id)).toBeNull();
  const accountsFile = join(world.dataDir, 'accounts.json');
  if (existsSync(accountsFile)) expect(readFileSync(accountsFile, 'utf8')).not.toContain(id);
  // The saved accounts are not changed by it: `accounts list` shows none, and says the variables are set.
  const listed = await jrs(world, ['accounts', 'list'], { env });
  expect(listed.stdout).toBe('No saved account.\n');
  expect(listed.stderr).toContain('JRS_BASE_URL and JRS_API_KEY are set');
  const refused = await jrs(world, ['projects'], {
    env: { ...env, JRS_API_KEY: 'a-key-the-service-refuses' },
  });
  expect(refused.code).toBe(EXIT.auth);
  keyless(projects, listed, refused);
  expect(refused.stderr).not.toContain('a-key-the-service-refuses');
});
