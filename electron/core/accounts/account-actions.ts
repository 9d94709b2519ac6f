// What a person does to the list: add an account (its key checked first, kept where the person chose),
// give a missing key again (the same account comes back), use the built-in sandbox, make one active,
// remove one (its key deleted from where it lived).
import { randomUUID } from 'node:crypto';
import type { KeyChoice, NewAccount } from '../../shared/domain/account';
import { createApiClient, isApiError } from '../api';
import { AppError } from '../kernel/app-error';
import type { StoredAccount } from './account-file';
import type { Accounts } from './accounts';
import { accountCheckError } from './connection-errors';
import { sharedAccountId } from './shared-account-id';

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
  // The list as it is now, or a refusal in words when it cannot be read (before any key is kept).
  accounts.registry.reread();
  try {
    await keyWorks(baseUrl, apiKey);
  } catch (error) {
    throw accountCheckError(error, baseUrl);
  }
  // On a team's history the account goes by the id it has on every computer: a colleague's account of the
  // same key and address (listed read-only until now) is this one.
  const shared = accounts.sharesIds ? sharedAccountId(baseUrl, apiKey) : null;
  const earlier =
    (shared ? accounts.registry.find(shared) : undefined) ??
    (await givenAgain(accounts, input.name, baseUrl, apiKey));
  const keptHere = earlier && earlier.storage !== 'team' ? earlier : undefined;
  const account: StoredAccount = {
    id: keptHere?.id ?? shared ?? randomUUID(),
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
  if (keptHere && keptHere.storage !== account.storage) await secrets.delete(keptHere);
  try {
    await accounts.registry.add(account);
  } catch (error) {
    // Not in the list: a new account's key is not left behind.
    if (!keptHere) await secrets.delete(account);
    throw error;
  }
  accounts.connections.forget(account.id);
  accounts.health.set(account.id, 'valid');
  accounts.changed();
  return account;
}

/** Whether the service accepts the key (throws the call's error when not). */
async function keyWorks(baseUrl: string, apiKey: string): Promise<void> {
  const client = createApiClient({ baseUrl, apiKey, timeoutMs: 10_000, retry: { retries: 1 } });
  await client.getCredits();
}

/**
 * The saved account (same name and address) whose key is being given again, so that it comes back with
 * its id, jobs, batches and settings: one whose key is missing, unreadable, refused by the service now (a
 * key replaced on the service's side) or this very key. One whose own, different key still works is
 * another account: refused, asking for another name, so that its key is never replaced behind its back.
 */
async function givenAgain(
  accounts: Accounts,
  name: string,
  baseUrl: string,
  apiKey: string,
): Promise<StoredAccount | undefined> {
  const earlier = accounts.registry.sameAs(name, baseUrl);
  if (!earlier) return undefined;
  const itsKey = await accounts.secrets.get(earlier).catch(() => null);
  if (!itsKey || itsKey === apiKey) return earlier;
  try {
    await keyWorks(baseUrl, itsKey);
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') return earlier;
  }
  throw new AppError(
    'invalid-input',
    `An account named “${earlier.name}” at ${baseUrl} is already here, with a key of its own that works (…${earlier.keyLast4}). Give this account another name. To replace that account's key instead, remove “${earlier.name}” first.`,
  );
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
  if (account.storage === 'team') {
    throw new AppError(
      'invalid-input',
      `“${account.name}” is the team’s account, listed from the team history: it is not kept on this computer, so there is nothing to remove here.`,
    );
  }
  await accounts.secrets.delete(account);
  await accounts.registry.remove(id);
  accounts.connections.forget(id);
  accounts.health.forget(id);
  if (account.kind === 'sandbox') await accounts.sandbox.stop();
  accounts.changed();
  return account;
}
