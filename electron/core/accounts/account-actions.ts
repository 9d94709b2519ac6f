// What a person does to the list: add an account (its key checked first), use the built-in sandbox,
// make one active, remove one (its key deleted from the keychain).
import { randomBytes, randomUUID } from 'node:crypto';
import type { NewAccount } from '../../shared/domain/account';
import { createApiClient } from '../api';
import { AppError } from '../app/app-error';
import type { StoredAccount } from './account-file';
import type { Accounts } from './accounts';
import { accountCheckError } from './connection-errors';

const SANDBOX_NAME = 'Sandbox (demo)';

export async function addAccount(accounts: Accounts, input: Required<NewAccount>): Promise<StoredAccount> {
  const baseUrl = input.baseUrl.trim().replace(/\/+$/, '');
  const apiKey = input.apiKey.trim();
  const storage = input.sessionOnly ? 'session' : 'keychain';
  const keychain = accounts.secrets.status;
  if (storage === 'keychain' && !keychain.available) {
    throw new AppError(
      'keychain',
      `${keychain.reason ?? 'No keychain is available.'} Choose “Keep the key for this session only” to go on.`,
    );
  }
  const client = createApiClient({ baseUrl, apiKey, timeoutMs: 10_000, retry: { retries: 1 } });
  try {
    await client.getCredits();
  } catch (error) {
    throw accountCheckError(error, baseUrl);
  }
  const account: StoredAccount = {
    id: randomUUID(),
    name: input.name.trim(),
    baseUrl,
    keyLast4: apiKey.slice(-4),
    kind: 'remote',
    storage,
  };
  await accounts.secrets.set(account, apiKey);
  await accounts.registry.add(account);
  accounts.health.set(account.id, 'valid');
  accounts.changed();
  return account;
}

/** The built-in sandbox account ("Try it without an account"): created once, then just activated. */
export async function useSandbox(accounts: Accounts): Promise<void> {
  const existing = accounts.registry.sandbox();
  if (existing) return activateAccount(accounts, existing.id);
  const apiKey = `sandbox-${randomBytes(16).toString('hex')}`;
  const account: StoredAccount = {
    id: randomUUID(),
    name: SANDBOX_NAME,
    baseUrl: '',
    keyLast4: apiKey.slice(-4),
    kind: 'sandbox',
    // Without a keychain the sandbox key lives for this session; the sandbox makes a fresh account then.
    storage: accounts.secrets.status.available ? 'keychain' : 'session',
  };
  await accounts.secrets.set(account, apiKey);
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
