// A copy whose keychain service was renamed finds the keys saved under the former name in the real Secret
// Service (scripts/with-keyring.sh), moves each once (saved under the new name, then deleted from the old),
// and a removed account's key is deleted under both names so it cannot come back.
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../electron/core/accounts/keytar-secret-store';
import { MovingSecretStore } from '../../../electron/core/accounts/moving-secret-store';

const services: string[] = [];
function keychain(): KeytarSecretStore {
  const service = `jrs-moving-test-${randomUUID()}`;
  services.push(service);
  return new KeytarSecretStore(service);
}
const touched: Array<[KeytarSecretStore, string]> = [];
afterEach(async () => {
  for (const [store, id] of touched.splice(0)) await store.delete(id);
});

it('finds a key under the former name, moves it once, and keeps finding it under the new one', async () => {
  const former = keychain();
  const current = keychain();
  touched.push([former, 'acct-1'], [current, 'acct-1']);
  await former.set('acct-1', 'key-saved-by-the-old-cli');
  const lines: string[] = [];
  const moving = new MovingSecretStore(current, [former], (line) => lines.push(line));

  expect(await moving.get('acct-1')).toBe('key-saved-by-the-old-cli');
  expect(await current.get('acct-1')).toBe('key-saved-by-the-old-cli');
  expect(await former.get('acct-1')).toBeNull();
  expect(lines).toEqual(['Moved the key of acct-1 to this copy’s keychain entry.'.replace('’', "'")]);

  // Once moved it is read from the new name; nothing is moved again.
  expect(await moving.get('acct-1')).toBe('key-saved-by-the-old-cli');
  expect(lines).toHaveLength(1);
});

it('prefers the key under the new name; saving a key removes any former copy', async () => {
  const former = keychain();
  const current = keychain();
  touched.push([former, 'acct-2'], [current, 'acct-2']);
  await former.set('acct-2', 'stale');
  await current.set('acct-2', 'fresh');
  const moving = new MovingSecretStore(current, [former]);
  expect(await moving.get('acct-2')).toBe('fresh');
  // The key given again (accounts add): the stale copy under the old name goes, so it never lingers.
  await moving.set('acct-2', 'rotated');
  expect(await current.get('acct-2')).toBe('rotated');
  expect(await former.get('acct-2')).toBeNull();
});

it('a key given or removed while a move is on its way is not overwritten or brought back', async () => {
  const former = keychain();
  const current = keychain();
  touched.push([former, 'acct-4'], [current, 'acct-4']);
  await former.set('acct-4', 'old');
  const moving = new MovingSecretStore(current, [former]);
  // Asked together, as the app's screens and a request may: each waits for the one before it.
  const [moved, , afterSet] = await Promise.all([
    moving.get('acct-4'),
    moving.set('acct-4', 'new'),
    moving.get('acct-4'),
  ]);
  expect([moved, afterSet]).toEqual(['old', 'new']);
  expect(await current.get('acct-4')).toBe('new');

  await former.set('acct-4', 'old again');
  const [, , afterDelete] = await Promise.all([
    moving.get('acct-4'),
    moving.delete('acct-4'),
    moving.get('acct-4'),
  ]);
  expect(afterDelete).toBeNull();
  expect(await current.get('acct-4')).toBeNull();
  expect(await former.get('acct-4')).toBeNull();
});

it('a key under neither name is missing; removing an account deletes its key under every name', async () => {
  const former = keychain();
  const current = keychain();
  touched.push([former, 'acct-3'], [current, 'acct-3']);
  const moving = new MovingSecretStore(current, [former]);
  expect(await moving.get('acct-3')).toBeNull();

  await former.set('acct-3', 'old');
  await current.set('acct-3', 'new');
  expect(await moving.delete('acct-3')).toBe(true);
  expect(await moving.get('acct-3')).toBeNull();
  expect(await former.get('acct-3')).toBeNull();
});
