// The core as the browser host opens it (hostCoreDeps), on a computer with no Secret Service at all: the
// real keytar, its session bus pointing nowhere. "Try it without an account", a real account kept for
// this session only and one kept in a key file, jobs and a batch; then a restart (a new core on the same
// folder): every account, job and batch is there, none archived, the sandbox account the same one, the
// session-only account listed "key missing" and whole again (the same id) once its key is given. And an
// account another process created is never taken for an orphan by the history's owner.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { KeytarSecretStore } from '../../electron/core/accounts/keytar-secret-store';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { dispatch } from '../../electron/core/app/dispatch';
import { hostCoreDeps } from '../../electron/node-host/open-host-core';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import type { Channel, ParamsOf, ResultOf } from '../../electron/shared/ipc/contract';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { IDS, KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';
import { value } from '../fixtures/ipc-value';

process.env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent/jrs-no-secret-service';

let remote: RunningSandbox;
let dir: string;
const cores: AppCore[] = [];
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
});
afterAll(() => remote.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jrs-no-keychain-'));
});
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function open(options: { lease?: { leaseMs: number; watchMs: number } } = {}) {
  const core = await createAppCore(
    hostCoreDeps({
      dataDir: join(dir, 'data'),
      downloadsDir: join(dir, 'Downloads'),
      secrets: new KeytarSecretStore(`jrs-test-${randomUUID()}`),
      sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50 })),
      ...options,
    }),
  );
  cores.push(core);
  const call = async <C extends Channel>(channel: C, params?: ParamsOf<C>): Promise<ResultOf<C>> =>
    value(await dispatch(core, channel, params));
  const close = async () => {
    cores.splice(cores.indexOf(core), 1);
    await core.dispose();
  };
  return { core, call, close };
}

const job = (projectId: string = IDS.image) => ({
  projectId,
  projectName: 'Image',
  jobType: 'image' as const,
  values: { headline: 'Hello' },
});

it('keeps every account, job and batch across a restart without a keychain', async () => {
  const first = await open();
  expect((await first.call('accounts:snapshot')).keychain.available).toBe(false);
  await first.call('accounts:useSandbox');
  const sandboxId = (await first.call('accounts:snapshot')).activeId!;
  const sandboxJob = await first.call('jobs:submit', job());
  const batch = await first.call('batches:create', {
    projectId: IDS.image,
    projectName: 'Image',
    name: 'Sandbox batch',
    nameTemplate: null,
    sheet: null,
    jobs: [{ row: 0, request: job() }],
  });
  // A real account without a keychain: refused until the person chooses where the key goes.
  const refused = await dispatch(first.core, 'accounts:add', {
    name: 'Team',
    baseUrl: remote.url,
    apiKey: KEY_A,
  });
  expect(refused).toMatchObject({ ok: false, error: { kind: 'keychain' } });
  if (!refused.ok) {
    expect(refused.error.message).toContain('This session only');
    expect(refused.error.message).toContain('key file');
    expect(refused.error.message).not.toContain(KEY_A);
  }
  const team = await first.call('accounts:add', {
    name: 'Team',
    baseUrl: remote.url,
    apiKey: KEY_A,
    keep: 'session',
  });
  const teamId = team.activeId!;
  expect(team.accounts.find((account) => account.id === teamId)).toMatchObject({ storage: 'session' });
  const teamJob = await first.call('jobs:submit', job());
  const filed = await first.call('accounts:add', {
    name: 'Other',
    baseUrl: remote.url,
    apiKey: KEY_B,
    keep: 'key-file',
  });
  const otherId = filed.activeId!;
  expect(filed.accounts.find((account) => account.id === otherId)?.keyFile).toBe(
    join(dir, 'data', 'keys', `${otherId}.key`),
  );
  await first.close();

  // The restart.
  const second = await open();
  const snapshot = await second.call('accounts:snapshot');
  expect(snapshot.accounts.map((account) => [account.id, account.storage, account.state])).toEqual([
    [sandboxId, 'app', 'unchecked'],
    [teamId, 'session', 'key-missing'],
    [otherId, 'key-file', 'unchecked'],
  ]);
  // No job archived (the list with includeArchived adds every archived job of any account).
  const all = await second.call('jobs:list', { includeArchived: true });
  expect(all.filter((row) => row.archived)).toEqual([]);

  // The sandbox account as it was: its batch, its jobs, and the sandbox answering for it.
  await second.call('accounts:activate', { id: sandboxId });
  expect((await second.call('batches:list')).map((row) => row.id)).toContain(batch.id);
  expect((await second.call('jobs:list')).map((row) => row.id)).toContain(sandboxJob.id);
  expect((await second.call('credits:get')).credits).toBeGreaterThan(0);

  // The key file read back; the session-only account says its key is missing, and keeps its jobs.
  await second.call('accounts:activate', { id: otherId });
  expect((await second.call('credits:get')).credits).toBeGreaterThan(0);
  await second.call('accounts:activate', { id: teamId });
  expect((await second.call('jobs:list')).map((row) => row.id)).toContain(teamJob.id);
  const missing = await dispatch(second.core, 'credits:get', undefined);
  expect(missing).toMatchObject({ ok: false, error: { kind: 'keychain' } });
  if (!missing.ok) expect(missing.error.message).toMatch(/key missing — add it again/);

  // A batch of the account while its key is missing: its rows wait for the key, none is refused.
  const waiting = await second.call('batches:create', {
    projectId: IDS.image,
    projectName: 'Image',
    name: 'Waits for the key',
    nameTemplate: null,
    sheet: null,
    jobs: [
      { row: 0, request: job() },
      { row: 1, request: job() },
    ],
  });
  await vi.waitFor(
    async () => {
      const rows = (await second.call('jobs:list')).filter((row) => row.batchId === waiting.id);
      // The first row tried says why; the batch then holds, so the other is not even tried.
      expect(rows.map((row) => row.trackingNote)).toContainEqual(expect.stringMatching(/key missing/));
    },
    { timeout: 5000 },
  );
  const held = (await second.call('jobs:list')).filter((row) => row.batchId === waiting.id);
  expect(held.map((row) => row.tracking)).toEqual(['pending', 'pending']);

  // Given its key again: the same account, whole.
  const back = await second.call('accounts:add', {
    name: 'team',
    baseUrl: `${remote.url}/`,
    apiKey: KEY_A,
    keep: 'session',
  });
  expect(back.accounts).toHaveLength(3);
  expect(back.activeId).toBe(teamId);
  expect(back.accounts.find((account) => account.id === teamId)?.state).toBe('valid');
  expect((await second.call('jobs:list')).map((row) => row.id)).toContain(teamJob.id);
});

it('never archives the jobs of an account another process created', async () => {
  const lease = { leaseMs: 300, watchMs: 50 };
  const owner = await open({ lease });
  await owner.call('accounts:useSandbox');
  expect(owner.core.isHistoryOwner()).toBe(true);
  // A guest opened before the account exists (the app beside a browser host, say).
  const guest = await open({ lease });
  expect(guest.core.isHistoryOwner()).toBe(false);
  // The owner's side adds an account and submits with it; then the owner quits, the guest takes over.
  const added = await owner.call('accounts:add', {
    name: 'Team',
    baseUrl: remote.url,
    apiKey: KEY_A,
    keep: 'key-file',
  });
  const made = await owner.call('jobs:submit', job());
  expect(made.accountId).toBe(added.activeId);
  await owner.close();
  await vi.waitFor(() => expect(guest.core.isHistoryOwner()).toBe(true), { timeout: 5000 });
  const all = await guest.call('jobs:list', { includeArchived: true });
  expect(all.find((row) => row.id === made.id)).toMatchObject({ archived: false });
});
