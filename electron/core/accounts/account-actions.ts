// What a person does to the list: add an account (its key checked first, kept where the person chose),
// give a missing key again (the same account comes back), use the built-in sandbox, make one active,
// remove one (its key deleted from where it lived).
import { randomUUID } from 'node:crypto';
import type { KeyChoice, NewAccount } from '../../shared/domain/account';
import { createApiClient } from '../api';
import { AppError } from '../app/app-error';
import type { StoredAccount } from './account-file';
import type { Accounts } from './accounts';
import { accountCheckError } from './connection-errors';

const SANDBOX_NAME = 'Sandbox (demo)';

/** Where no keychain answers, the two ways on, in words (the app's and the command line's). */
export function noKeychainWords(reason: string | undefined, keyFolder: string): string {
  return (
    `${reason ?? 'No system keychain answered.'} Choose where the key goes: ` +
    `“This session only” (forgotten when the app quits; the account stays, its key missing) or ` +
    `“Save in a key file only you can read” (in ${keyFolder}).`
  );
}

export async function addAccount(accounts: Accounts, input: NewAccount): Promise<StoredAccount> {
  const baseUrl = input.baseUrl.trim().replace(/\/+$/, '');
  const apiKey = input.apiKey.trim();
  const keep: KeyChoice = input.keep ?? (input.sessionOnly ? 'session' : 'keychain');
  const { secrets } = accounts;
  if (keep === 'keychain' && !secrets.status.available) {
    throw new AppError('keychain', noKeychainWords(secrets.status.reason, secrets.keyFiles.folder));
  }
  const client = createApiClient({ baseUrl, apiKey, timeoutMs: 10_000, retry: { retries: 1 } });
  try {
    await client.getCredits();
  } catch (error) {
    throw accountCheckError(error, baseUrl);
  }
  // The same account given its key again (after a session ended, or a new key): its id, so its jobs,
  // batches and settings are all there again.
  const earlier = accounts.registry.sameAs(input.name, baseUrl);
  const account: StoredAccount = {
    id: earlier?.id ?? randomUUID(),
    name: input.name.trim(),
    baseUrl,
    keyLast4: apiKey.slice(-4),
    kind: 'remote',
    storage: keep,
  };
  try {
    await secrets.set(account, apiKey);
  } catch (error) {
    if (keep !== 'keychain') throw error;
    // A keychain may answer a probe and still refuse to store (a locked or missing collection).
    const reason = 'The system keychain did not store the key.';
    secrets.keychainFailed(reason);
    accounts.changed();
    throw new AppError('keychain', noKeychainWords(reason, secrets.keyFiles.folder), { cause: error });
  }
  if (earlier && earlier.storage !== account.storage) await secrets.delete(earlier);
  await accounts.registry.add(account);
  accounts.connections.forget(account.id);
  accounts.health.set(account.id, 'valid');
  accounts.changed();
  return account;
}

/** The built-in sandbox account ("Try it without an account"): created once, then just activated. */
export async function useSandbox(accounts: Accounts): Promise<void> {
  const existing = accounts.registry.sandbox();
  if (existing) {
    await activateAccount(accounts, existing.id);
    await accounts.connections.get(existing.id);
    return;
  }
  const account: StoredAccount = {
    id: randomUUID(),
    name: SANDBOX_NAME,
    baseUrl: '',
    keyLast4: '',
    kind: 'sandbox',
    // Its key is made by the app each time it starts the sandbox: nothing to keep, no keychain needed.
    storage: 'app',
  };
  await accounts.registry.add(account);
  await accounts.connections.get(account.id);
  accounts.changed();
}

export async function activateAccount(accounts: Accounts, id: string): Promise<void> {
  await accounts.registry.activate(id);
  accounts.changed();
}

/** Removes the account and its key; stops the sandbox when it was the sandbox account. */
export async function removeAccount(accounts: Accounts, id: string): Promise<StoredAccount | undefined> {
  const account = accounts.registry.find(id);
  if (!account) return undefined;
  await accounts.secrets.delete(account);
  await accounts.registry.remove(id);
  accounts.connections.forget(id);
  accounts.health.forget(id);
  if (account.kind === 'sandbox') await accounts.sandbox.stop();
  accounts.changed();
  return account;
}
