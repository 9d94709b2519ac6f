// Settings → Team history's handlers against a real throwaway PostgreSQL and a real keychain (gnome-keyring
// under scripts/with-keyring.sh; a file store where no Secret Service runs): connecting tests then saves,
// a wrong password or a closed port is said in words that never hold the password, forgetting goes back to
// this computer's history from the next start, and copying this computer's history in twice doubles nothing.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../electron/core/accounts/keytar-secret-store';
import type { SecretStore } from '../../../electron/core/accounts/secret-store';
import { openDatabase } from '../../../electron/core/db/open-database';
import { sqliteStores } from '../../../electron/core/db/sqlite/sqlite-stores';
import { toAppErrorData } from '../../../electron/core/kernel/error-words';
import { teamConnectionHandlers } from '../../../electron/core/team/team-connection-handlers';
import { TEAM_DATABASE_SECRET } from '../../../electron/core/team/team-connection';
import { FileSecretStore } from '../../fixtures/file-secret-store';
import { pgClusterForThisFile } from '../../fixtures/pg-cluster-per-file';

const cluster = pgClusterForThisFile();
const dir = mkdtempSync(join(tmpdir(), 'jrs-team-screen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real keychain service of this test's own, emptied after each test. */
const stores: SecretStore[] = [];
function keychain(): SecretStore {
  const store = process.env['DBUS_SESSION_BUS_ADDRESS']
    ? new KeytarSecretStore(`jrs-test-${randomUUID()}`)
    : new FileSecretStore(join(dir, `${randomUUID()}.json`));
  stores.push(store);
  return store;
}
afterEach(async () => {
  for (const store of stores.splice(0)) await store.delete(TEAM_DATABASE_SECRET).catch(() => false);
});

function handlersFor(secrets: SecretStore, more: Partial<Parameters<typeof teamConnectionHandlers>[0]> = {}) {
  const log: string[] = [];
  const handlers = teamConnectionHandlers({
    secrets,
    dataDir: mkdtempSync(join(dir, 'data-')),
    env: {},
    log: (line) => log.push(line),
    ...more,
  });
  return { handlers, log };
}

/** The failure as the page receives it (dispatch turns it into this data). */
async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return toAppErrorData(error);
  }
  throw new Error('expected a failure');
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

it('connects a good address: tested, saved in the keychain, used from the next start; no password in any answer', async () => {
  const url = await cluster().createDatabase();
  const secrets = keychain();
  const { handlers, log } = handlersFor(secrets);

  const before = await handlers['team:connection'](undefined);
  expect(before).toEqual({
    now: { history: 'this-computer' },
    saved: null,
    environment: false,
    next: { history: 'this-computer' },
    restartNeeded: false,
    canRestart: false,
  });

  const answer = await handlers['team:connect']({ url });
  const address = `postgres://jrs@127.0.0.1:${cluster().port}/${new URL(url).pathname.slice(1)}`;
  expect(answer.check).toMatchObject({ address, serverVersion: cluster().version, writable: true });
  expect(answer.check.schemaVersion).toBe(answer.check.knownSchemaVersion);
  expect(answer.connection).toMatchObject({
    now: { history: 'this-computer' },
    saved: address,
    next: { history: 'team', address },
    restartNeeded: true,
  });
  expect(await secrets.get(TEAM_DATABASE_SECRET)).toBe(url);
  expect(JSON.stringify(answer)).not.toContain(cluster().password);
  expect(log.join('\n')).not.toContain(cluster().password);

  // The next start on that address (the host opened the team history on it): nothing more to restart for.
  const started = handlersFor(secrets, { inUse: { url } }).handlers;
  expect(await started['team:connection'](undefined)).toMatchObject({
    now: { history: 'team', address, source: 'keychain' },
    restartNeeded: false,
  });
  // JRS_DATABASE_URL wins at every start: said so, and the saved address does not switch anything.
  const fromEnv = handlersFor(secrets, { inUse: { url }, env: { JRS_DATABASE_URL: url } }).handlers;
  expect(await fromEnv['team:connection'](undefined)).toMatchObject({
    now: { history: 'team', address, source: 'environment' },
    environment: true,
    restartNeeded: false,
  });
  // A host that took no address from its environment (a packaged app) says so: a stray one changes nothing.
  const stray = 'postgres://jrs:other@127.0.0.1:1/elsewhere';
  const packaged = handlersFor(secrets, {
    inUse: { url, source: 'keychain' },
    env: { JRS_DATABASE_URL: stray },
  }).handlers;
  expect(await packaged['team:connection'](undefined)).toMatchObject({
    now: { history: 'team', address, source: 'keychain' },
    environment: false,
    next: { history: 'team', address },
    restartNeeded: false,
  });
});

it('a wrong password is said as such, saves nothing, and neither the message nor the log names a password', async () => {
  const good = new URL(await cluster().createDatabase());
  const wrongPassword = 'Wr0ng-p@ss/word';
  good.password = encodeURIComponent(wrongPassword);
  const secrets = keychain();
  const { handlers, log } = handlersFor(secrets);

  const failure = await failureOf(handlers['team:connect']({ url: good.toString() }));
  expect(failure.kind).toBe('team-sign-in');
  expect(failure.message).toContain('refused to sign in user "jrs"');
  for (const form of [wrongPassword, encodeURIComponent(wrongPassword), cluster().password])
    expect(failure.message).not.toContain(form);
  expect(log.join('\n')).not.toContain(wrongPassword);
  expect(await secrets.get(TEAM_DATABASE_SECRET)).toBeNull();
});

it('an unreachable port is said with its host and port, and saves nothing', async () => {
  const port = await closedPort();
  const secrets = keychain();
  const { handlers } = handlersFor(secrets);
  const failure = await failureOf(
    handlers['team:connect']({ url: `postgres://jrs:${cluster().password}@127.0.0.1:${port}/studio` }),
  );
  expect(failure.kind).toBe('team-unreachable');
  expect(failure.message).toContain(`127.0.0.1:${port} could not be reached`);
  expect(failure.message).not.toContain(cluster().password);
  expect(await secrets.get(TEAM_DATABASE_SECRET)).toBeNull();
});

it('refuses in words when no keychain can keep the address, before trying it', async () => {
  const noKeychain: SecretStore = {
    availability: async () => ({ available: false, reason: 'No keychain here.' }),
    get: async () => null,
    set: async () => {
      throw new Error('unreachable');
    },
    delete: async () => false,
  };
  const { handlers } = handlersFor(noKeychain);
  const failure = await failureOf(handlers['team:connect']({ url: 'postgres://jrs:pw@127.0.0.1:1/x' }));
  expect(failure.kind).toBe('keychain');
  expect(failure.message).toContain("No keychain here. The team database's address is kept only there");
  expect(failure.message).not.toContain('pw@');
});

it('forgets the saved address: this computer’s history again from the next start', async () => {
  const url = await cluster().createDatabase();
  const secrets = keychain();
  await handlersFor(secrets).handlers['team:connect']({ url });
  const { handlers } = handlersFor(secrets, { inUse: { url }, relaunch: () => undefined });

  const forgotten = await handlers['team:forget'](undefined);
  expect(forgotten.removed).toBe(true);
  expect(forgotten.connection).toMatchObject({
    now: { history: 'team' },
    saved: null,
    next: { history: 'this-computer' },
    restartNeeded: true,
    canRestart: true,
  });
  expect(await secrets.get(TEAM_DATABASE_SECRET)).toBeNull();
  expect((await handlers['team:forget'](undefined)).removed).toBe(false);
});

it('copies this computer’s history into the saved team database; twice adds nothing', async () => {
  const url = await cluster().createDatabase();
  const secrets = keychain();
  const dataDir = mkdtempSync(join(dir, 'copy-'));
  const { db } = openDatabase(join(dataDir, 'history.sqlite'));
  const { jobs } = sqliteStores(db);
  for (const id of ['j1', 'j2'])
    jobs.insertSubmission({
      id,
      accountId: 'acc',
      projectId: 'p1',
      projectName: 'Promo',
      jobType: 'video',
      request: {},
      values: {},
      summary: id,
      source: 'form',
      nowMs: 1_800_000_000_000,
      submittedBy: null,
    });
  db.close();
  const { handlers } = handlersFor(secrets, { dataDir, submittedBy: async () => 'Ada' });

  expect(await failureOf(handlers['team:copyHistory'](undefined))).toMatchObject({ kind: 'invalid-input' });
  await handlers['team:connect']({ url });
  const first = await handlers['team:copyHistory'](undefined);
  expect(first.counts.jobs).toEqual({ copied: 2, alreadyThere: 0 });
  // Jobs recorded before names were kept take the name of whoever copies them in.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT id, submitted_by FROM jobs ORDER BY id`);
    expect(rows).toEqual([
      { id: 'j1', submitted_by: 'Ada' },
      { id: 'j2', submitted_by: 'Ada' },
    ]);
  } finally {
    await client.end();
  }
  const second = await handlers['team:copyHistory'](undefined);
  expect(second.counts.jobs).toEqual({ copied: 0, alreadyThere: 2 });
  expect(JSON.stringify([first, second])).not.toContain(cluster().password);
});

it('restarts only where the host can: the browser host is told to restart jrs serve', async () => {
  const secrets = keychain();
  const failure = await failureOf(handlersFor(secrets).handlers['team:restart'](undefined));
  expect(failure.message).toContain('restart');
  expect(failure.message).toContain('jrs serve');
  let relaunched = 0;
  await handlersFor(secrets, { relaunch: () => void relaunched++ }).handlers['team:restart'](undefined);
  expect(relaunched).toBe(1);
});
