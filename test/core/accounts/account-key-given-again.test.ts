// Adding an account with the name and address of one already listed: it is that account given its key
// again (the same id, its jobs and batches) only when its own key is missing, unreadable, refused by the
// service now, or this very key; one whose own, different key still works is refused, asking for another
// name, and its key is left as it was. And a key file that is refused (a link) is said with its reason.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { Channel, ParamsOf, ResultOf } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { KEY_A, KEY_B, makeTestSeed } from '../../fixtures/test-seed';

let remote: RunningSandbox;
let dir: string;
let core: AppCore;
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
});
afterAll(() => remote.close());
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jrs-key-again-'));
  core = await createAppCore({
    dataDir: join(dir, 'data'),
    downloadsDir: join(dir, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50 })),
  });
});
afterEach(async () => {
  await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const call = async <C extends Channel>(channel: C, params?: ParamsOf<C>): Promise<ResultOf<C>> =>
  value(await dispatch(core, channel, params));
const addTeam = (apiKey: string) =>
  dispatch(core, 'accounts:add', { name: 'Team', baseUrl: remote.url, apiKey, keep: 'key-file' });
const keyFile = (id: string) => join(dir, 'data', 'keys', `${id}.key`);

async function team(): Promise<string> {
  const added = value(await addTeam(KEY_A));
  return added.activeId!;
}

it('refuses a second account of the same name and address while the first one’s key works', async () => {
  const id = await team();
  const second = await addTeam(KEY_B);
  expect(second).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  if (!second.ok) {
    expect(second.error.message).toContain('is already here, with a key of its own that works');
    expect(second.error.message).toContain('Give this account another name');
    expect(second.error.message).not.toContain(KEY_A);
    expect(second.error.message).not.toContain(KEY_B);
  }
  expect(readFileSync(keyFile(id), 'utf8').trim()).toBe(KEY_A);
  expect((await call('accounts:snapshot')).accounts.map((account) => account.id)).toEqual([id]);
  // Under another name it is an account of its own.
  const other = value(
    await dispatch(core, 'accounts:add', {
      name: 'Team B',
      baseUrl: remote.url,
      apiKey: KEY_B,
      keep: 'key-file',
    }),
  );
  expect(other.accounts).toHaveLength(2);
  expect(readFileSync(keyFile(id), 'utf8').trim()).toBe(KEY_A);
});

it('gives the same account back when its key is missing, refused by the service, or the same key', async () => {
  const id = await team();
  rmSync(keyFile(id));
  expect(value(await addTeam(KEY_A)).activeId).toBe(id);
  // A key the service no longer takes (replaced on its side): the new one takes its place.
  writeFileSync(keyFile(id), 'revoked-key-0000\n', { mode: 0o600 });
  expect(value(await addTeam(KEY_A)).activeId).toBe(id);
  expect(readFileSync(keyFile(id), 'utf8').trim()).toBe(KEY_A);
  // The very key given again.
  const again = value(await addTeam(KEY_A));
  expect(again.activeId).toBe(id);
  expect(again.accounts).toHaveLength(1);
});

it('says why a key file is refused (a link), not only that the key is missing', async () => {
  const id = await team();
  const elsewhere = join(dir, 'elsewhere.key');
  writeFileSync(elsewhere, `${KEY_A}\n`);
  rmSync(keyFile(id));
  symlinkSync(elsewhere, keyFile(id));
  await core.dispose();
  core = await createAppCore({
    dataDir: join(dir, 'data'),
    downloadsDir: join(dir, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50 })),
  });
  const refused = await dispatch(core, 'credits:get', undefined);
  expect(refused).toMatchObject({ ok: false, error: { kind: 'keychain' } });
  if (!refused.ok) {
    expect(refused.error.message).toContain(
      `The key file of “Team” cannot be used: ${keyFile(id)} is a link`,
    );
    expect(refused.error.message).toContain('Add the key again');
    expect(refused.error.message).not.toContain(KEY_A);
  }
  const snapshot = await call('accounts:snapshot');
  expect(snapshot.accounts.find((account) => account.id === id)?.state).toBe('key-missing');
  // Given again, the link is replaced by a key file of the app's own.
  expect(value(await addTeam(KEY_A)).activeId).toBe(id);
  expect((await call('credits:get')).credits).toBeGreaterThan(0);
});
