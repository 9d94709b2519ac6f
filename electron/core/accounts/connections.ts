// One live connection per account: its API client (every call of which records the account's health)
// and its asset uploader. Built on first use from the key in the keychain, and forgotten on removal.
import type { AccountState } from '../../shared/domain/account';
import type { ApiClient } from '../api';
import { createApiClient } from '../api';
import { AppError } from '../kernel/app-error';
import { NoStorageUploader, SandboxUploader, type AssetUploader } from '../assets/asset-uploader';
import type { StoredAccount } from './account-file';
import type { AccountHealth } from './account-health';
import type { AccountRegistry } from './account-registry';
import type { AccountSecrets } from './account-secrets';
import type { SandboxRunner } from './sandbox-runner';

export interface Connection {
  account: StoredAccount;
  baseUrl: string;
  client: ApiClient;
  uploader: AssetUploader;
}

/** The same client, but each call's outcome is noted as the account's health (submits and polls too). */
export function withHealth(client: ApiClient, note: (error: unknown) => void): ApiClient {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(client) as [
    string,
    (...args: unknown[]) => Promise<unknown>,
  ][]) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        const result = await method(...args);
        note(null);
        return result;
      } catch (error) {
        note(error);
        throw error;
      }
    };
  }
  return wrapped as unknown as ApiClient;
}

export class Connections {
  private readonly open = new Map<string, Promise<Connection>>();

  constructor(
    private readonly deps: {
      registry: AccountRegistry;
      secrets: AccountSecrets;
      health: AccountHealth;
      sandbox: SandboxRunner;
      log?: (line: string) => void;
    },
  ) {}

  get(accountId: string): Promise<Connection> {
    const account = this.deps.registry.require(accountId);
    let connection = this.open.get(accountId);
    if (!connection) {
      connection = this.connect(account);
      this.open.set(accountId, connection);
      connection.catch(() => this.open.delete(accountId));
    }
    return connection;
  }

  active(): Promise<Connection> {
    return this.get(this.deps.registry.active().id);
  }

  forget(accountId: string): void {
    this.open.delete(accountId);
  }

  clear(): void {
    this.open.clear();
  }

  private async connect(account: StoredAccount): Promise<Connection> {
    const { secrets, health, sandbox } = this.deps;
    if (account.kind === 'sandbox') {
      // The sandbox's key is made by the app for this run: nothing is read from any keychain.
      const started = await sandbox.start();
      return this.build(account, started.url, started.apiKey);
    }
    let apiKey: string | null;
    try {
      apiKey = await secrets.get(account);
    } catch (error) {
      // The key file is there but refused: its reason said, and how to write a new one.
      health.set(account.id, 'key-missing');
      const reason = error instanceof AppError ? error.message : 'it could not be read.';
      throw new AppError(
        'keychain',
        `The key file of “${account.name}” cannot be used: ${reason} Add the key again (same name and address) to write a new key file; its jobs and batches are kept.`,
        { cause: error },
      );
    }
    if (!apiKey) {
      const state = missingKeyState(account, secrets.status.available);
      health.set(account.id, state);
      throw new AppError('keychain', missingKeyWords(account, state));
    }
    return this.build(account, account.baseUrl, apiKey);
  }

  private build(account: StoredAccount, baseUrl: string, apiKey: string): Connection {
    const { health, log } = this.deps;
    const client = withHealth(createApiClient({ baseUrl, apiKey, log }), (error) =>
      health.note(account.id, error),
    );
    const uploader: AssetUploader =
      account.kind === 'sandbox' ? new SandboxUploader(client) : new NoStorageUploader();
    return { account, baseUrl, client, uploader };
  }
}

/** A key kept in a keychain that does not answer now is locked away; any other missing key is missing. */
export function missingKeyState(account: StoredAccount, keychainAvailable: boolean): AccountState {
  return account.storage === 'keychain' && !keychainAvailable ? 'locked' : 'key-missing';
}

function missingKeyWords(account: StoredAccount, state: AccountState): string {
  if (state === 'locked')
    return `The API key of “${account.name}” is in the system keychain, which does not answer now. Unlock or start it, or add the key again.`;
  const why =
    account.storage === 'session'
      ? 'it was kept for one session only, which has ended'
      : account.storage === 'key-file'
        ? 'its key file is gone'
        : 'it is no longer in the keychain';
  return `The API key of “${account.name}” is missing (${why}): key missing — add it again (same name and address) to use this account; its jobs and batches are kept.`;
}
