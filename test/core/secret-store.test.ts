// SecretStore: the memory store, and the keytar adapter against a real Secret Service (gnome-keyring in
// a private D-Bus session, started by scripts/with-keyring.sh), plus the path where no keychain answers.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../electron/core/accounts/keytar-secret-store';
import { MemorySecretStore, type SecretStore } from '../../electron/core/accounts/secret-store';

const run = promisify(execFile);
const inKeyringSession = process.env['JRS_KEYRING_SESSION'] === '1';

async function exerciseStore(store: SecretStore): Promise<void> {
  const account = `account-${randomUUID()}`;
  expect(await store.get(account)).toBeNull();
  await store.set(account, 'first-secret-value');
  expect(await store.get(account)).toBe('first-secret-value');
  await store.set(account, 'second-secret-value');
  expect(await store.get(account)).toBe('second-secret-value');
  expect(await store.delete(account)).toBe(true);
  expect(await store.get(account)).toBeNull();
  expect(await store.delete(account)).toBe(false);
}

describe('MemorySecretStore', () => {
  it('stores, reads, replaces and deletes', async () => {
    await exerciseStore(new MemorySecretStore());
  });
});

describe.skipIf(!inKeyringSession)('KeytarSecretStore against gnome-keyring', () => {
  const store = new KeytarSecretStore(`jrs-test-${randomUUID()}`);

  it('is available', async () => {
    expect(await store.availability()).toEqual({ available: true });
  });

  it('stores, reads, replaces and deletes', async () => {
    await exerciseStore(store);
  });

  it('keeps services apart', async () => {
    const other = new KeytarSecretStore(`jrs-test-${randomUUID()}`);
    await store.set('shared-id', 'value-in-first');
    expect(await other.get('shared-id')).toBeNull();
    await store.delete('shared-id');
  });

  it('keeps a key across store instances (it is in the keyring, not in memory)', async () => {
    const service = `jrs-test-${randomUUID()}`;
    await new KeytarSecretStore(service).set('acct', 'persisted-secret');
    expect(await new KeytarSecretStore(service).get('acct')).toBe('persisted-secret');
    await new KeytarSecretStore(service).delete('acct');
  });
});

describe('KeytarSecretStore without a Secret Service', () => {
  it('reports itself unavailable with a reason instead of failing', async () => {
    const script = `
      const { KeytarSecretStore } = require('./electron/core/accounts/keytar-secret-store.ts');
      new KeytarSecretStore('jrs-nokeyring').availability().then((r) => console.log(JSON.stringify(r)));
    `;
    const { stdout } = await run(resolve('node_modules/.bin/tsx'), ['-e', script], {
      cwd: resolve(__dirname, '../..'),
      env: {
        ...process.env,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/jrs-bus',
        JRS_KEYRING_SESSION: '',
      },
      timeout: 20_000,
    });
    const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
      available: boolean;
      reason?: string;
    };
    expect(result.available).toBe(false);
    expect(result.reason).toMatch(/session only/);
  });
});

it('runs the keyring tests in CI', () => {
  // CI runs vitest through scripts/with-keyring.sh: there the real-keychain tests must not be skipped.
  if (process.env['CI']) expect(inKeyringSession).toBe(true);
});
