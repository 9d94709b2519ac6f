// `jrs accounts` on a computer with no Secret Service at all: the real keytar, its D-Bus session bus
// pointing nowhere (what a server, a container or a bare Linux desktop gives). The built-in sandbox needs
// no keychain and is found again by every later run with its jobs; a real account's key is never dropped
// silently: without --key-file or --session-only the command refuses, naming both; a key file is read back
// by the next run; a session-only account stays listed, "key missing", and comes back whole (the same id)
// when its key is given again.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../electron/core/accounts/keytar-secret-store';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, records, withCore, type CliWorld } from './cli-harness';

// No Secret Service answers: libdbus is told to use a bus that does not exist (set before keytar is used).
process.env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent/jrs-no-secret-service';

let remote: RunningSandbox;
let world: CliWorld;
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
});
afterAll(() => remote.close());
beforeEach(() => {
  world = cliWorld({ sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50 })) });
  world.secrets = new KeytarSecretStore(`jrs-test-${randomUUID()}`);
});
afterEach(() => world.remove());

it('really has no keychain here', async () => {
  expect(await world.secrets.availability()).toMatchObject({ available: false });
});

it('keeps the built-in sandbox account, its jobs and its batches across runs', async () => {
  const added = await jrs(world, ['accounts', 'add', '--sandbox', '--json']);
  expect(added.code).toBe(EXIT.ok);
  const id = records(added, 'account')[0]!['id'];
  expect(records(added, 'account')[0]).toMatchObject({ kind: 'sandbox', active: true });

  const listed = await jrs(world, ['accounts', 'list', '--json']);
  expect(listed.json).toEqual([expect.objectContaining({ id, kind: 'sandbox', active: true })]);

  const submitted = await jrs(world, [
    'submit',
    IDS.image,
    '--set',
    'headline=Hi',
    '--set',
    'photo=https://example.com/a.png',
    '--json',
  ]);
  expect(submitted.code, submitted.stderr).toBe(EXIT.ok);
  const job = records(submitted, 'job').at(-1)!;
  expect(job).toMatchObject({ accountId: id, archived: false });
  const batchId = await withCore(world, async (call) => {
    const request = { projectId: IDS.image, projectName: '', jobType: 'image' as const, values: {} };
    const batch = await call('batches:create', {
      projectId: IDS.image,
      projectName: '',
      name: 'Kept batch',
      nameTemplate: null,
      sheet: null,
      jobs: [{ row: 0, request }],
    });
    return batch.id;
  });

  // Later runs: the same account, its job not archived, its batch there.
  const jobs = await jrs(world, ['jobs', '--json']);
  expect(jobs.code, jobs.stderr).toBe(EXIT.ok);
  expect(records(jobs, 'job')).toContainEqual(expect.objectContaining({ id: job['id'], archived: false }));
  expect(records(jobs, 'job').filter((line) => line['archived'])).toEqual([]);
  await withCore(world, async (call) => {
    const snapshot = await call('accounts:snapshot');
    expect(snapshot.accounts.map((account) => account.id)).toEqual([id]);
    expect(snapshot.activeId).toBe(id);
    const all = await call('jobs:list', { includeArchived: true });
    expect(all.filter((row) => row.archived)).toEqual([]);
    expect((await call('batches:list')).map((batch) => batch.id)).toContain(batchId);
  });
  // And the sandbox still answers for it: its projects.
  const projects = await jrs(world, ['projects', '--json']);
  expect(projects.code, projects.stderr).toBe(EXIT.ok);
});

it('refuses a real account without a keychain unless told where the key goes, naming both ways', async () => {
  const refused = await jrs(world, ['accounts', 'add', '--name', 'Team', '--url', remote.url], {
    stdin: KEY_A,
  });
  expect([EXIT.usage, EXIT.auth]).toContain(refused.code);
  expect(refused.stdout).not.toContain('Added');
  expect(refused.stderr).toContain('--key-file');
  expect(refused.stderr).toContain('--session-only');
  expect(refused.stdout + refused.stderr).not.toContain(KEY_A);
  expect((await jrs(world, ['accounts', 'list', '--json'])).json).toEqual([]);
});

it('keeps the key in an owner-only key file when asked, and the next run reads it back', async () => {
  const added = await jrs(
    world,
    ['accounts', 'add', '--name', 'Team', '--url', remote.url, '--key-file', '--json'],
    { stdin: KEY_A },
  );
  expect(added.code, added.stderr).toBe(EXIT.ok);
  const account = records(added, 'account')[0]!;
  expect(account).toMatchObject({ name: 'Team', storage: 'key-file' });
  const path = String(account['keyFile']);
  expect(path.startsWith(world.dataDir)).toBe(true);
  expect(added.stderr + added.stdout).toContain(path);
  expect(statSync(path).mode & 0o777).toBe(0o600);
  expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);
  expect(readFileSync(join(world.dataDir, 'accounts.json'), 'utf8')).not.toContain(KEY_A);
  expect(added.stdout + added.stderr).not.toContain(KEY_A);

  const projects = await jrs(world, ['projects', '--json']);
  expect(projects.code, projects.stderr).toBe(EXIT.ok);
  expect(records(projects, 'project').map((line) => line['name'])).toContain('Spring promo');
  const table = await jrs(world, ['accounts']);
  expect(table.stdout).toMatch(/key file/);

  const removed = await jrs(world, ['accounts', 'remove', 'Team']);
  expect(removed.code).toBe(EXIT.ok);
  expect(existsSync(path)).toBe(false);
});

it('keeps a session-only account listed with its key missing, and gives it back whole with the key', async () => {
  const added = await jrs(
    world,
    ['accounts', 'add', '--name', 'Team', '--url', remote.url, '--session-only', '--json'],
    { stdin: KEY_A },
  );
  expect(added.code, added.stderr).toBe(EXIT.ok);
  const id = records(added, 'account')[0]!['id'];
  expect(records(added, 'account')[0]).toMatchObject({ storage: 'session' });
  expect(added.stderr).toMatch(/this (run|session) only/i);

  const later = await jrs(world, ['accounts', 'list', '--json']);
  expect(later.json).toEqual([expect.objectContaining({ id, storage: 'session', state: 'key-missing' })]);
  const table = await jrs(world, ['accounts']);
  expect(table.stdout).toMatch(/key missing/);
  const projects = await jrs(world, ['projects']);
  expect(projects.code).toBe(EXIT.auth);
  expect(projects.stderr).toMatch(/add it again/i);

  const again = await jrs(
    world,
    ['accounts', 'add', '--name', 'Team', '--url', remote.url, '--key-file', '--json'],
    { stdin: KEY_A },
  );
  expect(again.code, again.stderr).toBe(EXIT.ok);
  expect(records(again, 'account')[0]).toMatchObject({ id, storage: 'key-file', state: 'valid' });
  expect((await jrs(world, ['accounts', 'list', '--json'])).json).toHaveLength(1);
  expect((await jrs(world, ['projects'])).code).toBe(EXIT.ok);
});

// A Secret Service that answers but cannot store (gnome-keyring started on demand with no keyring and
// no display to ask for one): the probe passes, the write fails. The real CLI, in a D-Bus session of its
// own, must still refuse and name both ways, never say "Added".
const canRunKeyring = ['dbus-run-session', 'gnome-keyring-daemon'].every(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0,
);
it.skipIf(!canRunKeyring)(
  'refuses when the keychain answers but does not store the key',
  async () => {
    const home = join(world.dir, 'xdg');
    const child = spawn(
      'dbus-run-session',
      [
        '--',
        process.execPath,
        resolve('bin/jrs.mjs'),
        'accounts',
        'add',
        '--name',
        'Team',
        '--url',
        remote.url,
      ],
      {
        env: {
          ...process.env,
          DBUS_SESSION_BUS_ADDRESS: '',
          DISPLAY: '',
          XDG_DATA_HOME: home,
          JRS_DATA_DIR: world.dataDir,
          JRS_KEYCHAIN_SERVICE: `jrs-test-${randomUUID()}`,
          NO_COLOR: '1',
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(KEY_A);
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stdout).not.toContain('Added');
    expect(code, stderr).toBe(EXIT.auth);
    // gnome-keyring, activated on a bus with no display, either stays silent (the probe gives up) or
    // answers the probe and then stores nothing, depending on the machine: both must refuse alike.
    expect(stderr).toMatch(/The system keychain did not store the key|No system keychain answered/);
    expect(stderr).toContain('--key-file');
    expect(stderr).toContain('--session-only');
    expect(stdout + stderr).not.toContain(KEY_A);
    expect((await jrs(world, ['accounts', 'list', '--json'])).json).toEqual([]);
  },
  // The bus waits up to 25 s for a keyring that never answers.
  120_000,
);
