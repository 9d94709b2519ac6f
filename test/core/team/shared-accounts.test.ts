// One service account saved in several people's apps, each in their own keychain under an id of its own
// computer, on one team history in a real PostgreSQL (a throwaway cluster): the history knows it by the id
// every computer derives from its address and key, so that colleagues' jobs meet; a colleague without the
// key sees the account's jobs read-only; removing the account on one computer leaves the team's jobs.
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sharedAccountId } from '../../../electron/core/accounts/shared-account-id';
import { copyHistoryToTeam } from '../../../electron/core/team/copy-history';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { value } from '../../fixtures/ipc-value';
import { pgClusterForThisFile } from '../../fixtures/pg-cluster-per-file';
import { testCoresAfterEach, type TestComputer } from '../../fixtures/test-cores';
import { KEY_A, makeTestSeed } from '../../fixtures/test-seed';

const cluster = pgClusterForThisFile();
const { computer, open } = testCoresAfterEach('jrs-shared-accounts-');
let remote: RunningSandbox;

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 200 }) });
});
afterAll(() => remote.close());

const PATIENCE = { timeout: 30_000, interval: 50 };

/** The app on that computer, on the team history at `url` (or on its own history without one). */
async function app(on: TestComputer, url: string | null, name = 'someone') {
  const opened = await open({ on, ...(url ? { team: { url, submittedBy: name, leaseMs: 1500 } } : {}) });
  return { ...opened, accounts: async () => value(await opened.call('accounts:snapshot')) };
}

const addBrand = (name: string) => ({ name, baseUrl: remote.url, apiKey: KEY_A, keep: 'keychain' });

it('meets colleagues’ copies of one account under one id, also for a history copied in from before', async () => {
  const url = await cluster().createDatabase();
  const shared = sharedAccountId(remote.url, KEY_A);

  // Grace used the app alone before the team: her account has an id of her computer's.
  const graces = await computer();
  const alone = await app(graces, null);
  const before = value(await alone.call('accounts:add', addBrand('Our brand')));
  const localId = before.activeId;
  expect(localId).not.toBe(shared);
  const earlier = value(await alone.submit('Before the team'));
  await alone.quit();

  // Ada adds the account in her app on the team: it gets the shared id at once.
  const ada = await app(await computer(), url, 'Ada');
  const added = value(await ada.call('accounts:add', addBrand('Brand')));
  expect(added.activeId).toBe(shared);

  // Grace opens her app on the team: her saved account goes by the shared id, its key still where it was.
  const grace = await app(graces, url, 'Grace');
  const hers = await grace.accounts();
  expect(hers.accounts).toEqual([
    expect.objectContaining({ id: shared, name: 'Our brand', storage: 'keychain' }),
  ]);
  expect(hers.activeId).toBe(shared);
  expect(await graces.keychain.get(localId ?? '')).toBe(KEY_A);

  // What Grace sends is in Ada's list of the account, and it ends there (one poller for both).
  const sent = value(await grace.submit('From Grace'));
  await vi.waitFor(async () => {
    expect((await ada.list()).find((job) => job.id === sent.id)).toMatchObject({ status: 'SUCCESS' });
  }, PATIENCE);
  expect([ada.core.isHistoryOwner(), grace.core.isHistoryOwner()].filter(Boolean)).toHaveLength(1);

  // Her history from before comes in under the shared id: Ada sees that job too.
  const copied = await copyHistoryToTeam(url, graces.dir, {
    keychain: graces.keychain,
    submittedBy: 'Grace',
  });
  expect(copied.counts.jobs.copied).toBeGreaterThanOrEqual(1);
  await vi.waitFor(async () => {
    expect((await ada.list()).map((job) => job.id)).toContain(earlier.id);
  }, PATIENCE);

  // Removing the account on Grace's computer leaves the team's jobs as they are, for Ada.
  value(await grace.call('accounts:remove', { id: shared, deleteHistory: true }));
  expect((await grace.accounts()).accounts.filter((account) => account.storage !== 'team')).toEqual([]);
  const adas = await ada.list();
  expect(adas.find((job) => job.id === sent.id)).toMatchObject({ status: 'SUCCESS', summary: 'From Grace' });
  expect(adas.map((job) => job.id)).toContain(earlier.id);
});

it('shows a colleague the account’s jobs read-only until they add its key, and never names a key in the database', async () => {
  const url = await cluster().createDatabase();
  const shared = sharedAccountId(remote.url, KEY_A);
  const ada = await app(await computer(), url, 'Ada');
  value(await ada.call('accounts:add', addBrand('Brand')));
  const sent = value(await ada.submit('From Ada'));
  await vi.waitFor(async () => {
    expect((await ada.list()).find((job) => job.id === sent.id)?.status).toBe('SUCCESS');
  }, PATIENCE);

  // Tom has no key: the team's account is listed, read-only, with its jobs; a submission is refused.
  const toms = await computer();
  const tom = await app(toms, url, 'Tom');
  const listed = await tom.accounts();
  expect(listed.accounts).toEqual([
    expect.objectContaining({ id: shared, name: 'Brand', storage: 'team', state: 'key-missing' }),
  ]);
  expect(listed.activeId).toBe(shared);
  expect((await tom.list()).find((job) => job.id === sent.id)).toMatchObject({ status: 'SUCCESS' });
  const refused = await tom.submit('From Tom');
  expect(refused.ok).toBe(false);
  // Removing it is refused in words: it is the team's, not kept here.
  const removing = await tom.call('accounts:remove', { id: shared });
  expect(removing.ok ? null : removing.error.message).toMatch(/team’s account/);
  // Nothing of it is written to Tom's accounts.json.
  await tom.quit();
  const again = await app(toms, null);
  expect((await again.accounts()).accounts).toEqual([]);
  await again.quit();

  // Tom adds the key (his own name for it): the same account, now his to send with.
  const tom2 = await app(toms, url, 'Tom');
  const keyed = value(await tom2.call('accounts:add', addBrand('Our brand')));
  expect(keyed.accounts).toEqual([expect.objectContaining({ id: shared, storage: 'keychain' })]);
  const his = value(await tom2.submit('From Tom'));
  await vi.waitFor(async () => {
    expect((await ada.list()).find((job) => job.id === his.id)?.status).toBe('SUCCESS');
  }, PATIENCE);

  // The team database holds the account's name and address, never its key.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT id, name, base_url FROM accounts');
    expect(rows).toEqual([{ id: shared, name: 'Brand', base_url: remote.url }]);
    const dump = JSON.stringify((await client.query('SELECT * FROM jobs')).rows);
    expect(dump).not.toContain(KEY_A);
  } finally {
    await client.end();
  }
});

it('opens a team history a newer app made, read-only, with this computer’s accounts and the team’s jobs', async () => {
  const url = await cluster().createDatabase();
  const adas = await computer();
  const ada = await app(adas, url, 'Ada');
  value(await ada.call('accounts:add', addBrand('Brand')));
  const sent = value(await ada.submit('Before the update'));
  await ada.quit();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("INSERT INTO schema_version (version, name) VALUES (99, 'from a newer app')");
  } finally {
    await client.end();
  }

  // Her app starts (it writes nothing: not even the team's account list), shows the jobs and says to update.
  const again = await app(adas, url, 'Ada');
  expect((await again.accounts()).accounts).toEqual([
    expect.objectContaining({ id: sharedAccountId(remote.url, KEY_A), storage: 'keychain' }),
  ]);
  expect((await again.list()).map((job) => job.id)).toContain(sent.id);
  expect(value(await again.call('jobs:notice')).message).toMatch(/update this app/);
});
