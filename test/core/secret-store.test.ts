// SecretStore: the memory store, and the keytar adapter against a real Secret Service (gnome-keyring in
// a private D-Bus session, started by scripts/with-keyring.sh), plus the path where no keychain answers.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  chmodSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KeyFileStore } from '../../electron/core/accounts/key-file-store';
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

describe('KeyFileStore (no keychain: the key in an owner-only file, by the person’s choice)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'jrs-keyfile-'));
    dirs.push(dir);
    return new KeyFileStore(dir);
  };

  it('stores, reads, replaces and deletes, 0600 in a 0700 folder', async () => {
    const store = fresh();
    await exerciseStore(store);
    await store.set('acct', 'kept-secret-value');
    expect(statSync(store.pathOf('acct')).mode & 0o777).toBe(0o600);
    expect(statSync(store.folder).mode & 0o777).toBe(0o700);
  });

  it('never reads or writes through a link planted at the key file’s name', async () => {
    const store = fresh();
    await store.set('acct', 'first-secret-value');
    const outside = join(store.folder, '..', 'outside.txt');
    writeFileSync(outside, 'not a key of ours');
    unlinkSync(store.pathOf('acct'));
    symlinkSync(outside, store.pathOf('acct'));
    await expect(store.get('acct')).rejects.toThrow(/link/);
    // A new key replaces the link itself; the file it pointed to is untouched.
    await store.set('acct', 'second-secret-value');
    expect(readFileSync(outside, 'utf8')).toBe('not a key of ours');
    expect(lstatSync(store.pathOf('acct')).isSymbolicLink()).toBe(false);
    expect(await store.get('acct')).toBe('second-secret-value');
  });

  it('makes an older, wider key file and folder owner-only', async () => {
    const store = fresh();
    await store.set('acct', 'kept-secret-value');
    chmodSync(store.pathOf('acct'), 0o644);
    chmodSync(store.folder, 0o755);
    expect(await store.get('acct')).toBe('kept-secret-value');
    expect(statSync(store.pathOf('acct')).mode & 0o777).toBe(0o600);
    await store.set('other', 'another-secret');
    expect(statSync(store.folder).mode & 0o777).toBe(0o700);
  });

  it('refuses an id that would name a file elsewhere', () => {
    expect(() => fresh().pathOf('../accounts')).toThrow();
  });
});

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
