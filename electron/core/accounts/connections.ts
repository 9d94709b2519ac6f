// One live connection per account: its API client (every call of which records the account's health)
// and its asset uploader. Built on first use from the key in the keychain, and forgotten on removal.
import type { ApiClient } from '../api';
import { createApiClient } from '../api';
import { AppError } from '../app/app-error';
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
    const { secrets, health, sandbox, log } = this.deps;
    const apiKey = await secrets.get(account);
    if (!apiKey) {
      health.set(account.id, 'locked');
      throw new AppError(
        'keychain',
        `The API key of “${account.name}” is not in the keychain. Remove the account and add it again.`,
      );
    }
    const baseUrl = account.kind === 'sandbox' ? await sandbox.start(apiKey) : account.baseUrl;
    const client = withHealth(createApiClient({ baseUrl, apiKey, log }), (error) =>
      health.note(account.id, error),
    );
    const uploader: AssetUploader =
      account.kind === 'sandbox' ? new SandboxUploader(client) : new NoStorageUploader();
    return { account, baseUrl, client, uploader };
  }
}
