// The accounts the person keeps: adding (with a key check), the built-in sandbox account, the active one,
// and a live connection (API client + uploader) for it. Keys go to the SecretStore, never to disk.
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type {
  AccountState,
  AccountsSnapshot,
  AccountView,
  KeychainStatus,
  NewAccount,
} from '../../shared/domain/account';
import { createApiClient, isApiError, type ApiClient } from '../api';
import type { SandboxLauncher } from '../app/app-core.types';
import { AppError } from '../app/app-error';
import { NoStorageUploader, SandboxUploader, type AssetUploader } from '../assets/asset-uploader';
import { AccountFileStore, type AccountFile, type StoredAccount } from './account-file';
import { accountCheckError } from './connection-errors';
import { MemorySecretStore, type SecretStore } from './secret-store';

export interface Connection {
  account: StoredAccount;
  baseUrl: string;
  client: ApiClient;
  uploader: AssetUploader;
}

const SANDBOX_NAME = 'Sandbox (demo)';
const SANDBOX_ADDRESS_LABEL = 'Built-in sandbox';

export class AccountService {
  private file: AccountFile = { version: 1, activeId: null, accounts: [] };
  private readonly states = new Map<string, AccountState>();
  private readonly connections = new Map<string, Promise<Connection>>();
  private readonly sessionSecrets = new MemorySecretStore();
  private sandbox: { url: string; close(): Promise<void> } | null = null;
  private keychain: KeychainStatus = { available: false };

  constructor(
    private readonly deps: {
      dataDir: string;
      secrets: SecretStore;
      sandbox: SandboxLauncher;
      log?: (line: string) => void;
      onChange: (snapshot: AccountsSnapshot) => void;
    },
    private readonly store = new AccountFileStore(deps.dataDir),
  ) {}

  async load(): Promise<void> {
    this.file = await this.store.read(this.deps.log);
    // One account is always active when there is any (the last active one may have been session-only).
    if (!this.file.accounts.some((account) => account.id === this.file.activeId)) {
      this.file.activeId = this.file.accounts[0]?.id ?? null;
    }
    const availability = await this.deps.secrets.availability();
    this.keychain = availability.available
      ? { available: true }
      : { available: false, reason: availability.reason };
  }

  snapshot(): AccountsSnapshot {
    return {
      accounts: this.file.accounts.map((account) => this.view(account)),
      activeId: this.file.activeId,
      keychain: this.keychain,
    };
  }

  private view(account: StoredAccount): AccountView {
    const baseUrl =
      account.kind === 'sandbox' ? (this.sandbox?.url ?? SANDBOX_ADDRESS_LABEL) : account.baseUrl;
    return {
      id: account.id,
      name: account.name,
      baseUrl,
      keyLast4: account.keyLast4,
      state: this.states.get(account.id) ?? 'unchecked',
      kind: account.kind,
      storage: account.storage,
    };
  }

  private secretsFor(account: Pick<StoredAccount, 'storage'>): SecretStore {
    return account.storage === 'keychain' ? this.deps.secrets : this.sessionSecrets;
  }

  private async save(): Promise<AccountsSnapshot> {
    await this.store.write(this.file);
    const snapshot = this.snapshot();
    this.deps.onChange(snapshot);
    return snapshot;
  }

  async add(input: Required<NewAccount>): Promise<AccountsSnapshot> {
    const baseUrl = input.baseUrl.trim().replace(/\/+$/, '');
    const apiKey = input.apiKey.trim();
    const storage = input.sessionOnly ? 'session' : 'keychain';
    if (storage === 'keychain' && !this.keychain.available) {
      throw new AppError(
        'keychain',
        `${this.keychain.reason ?? 'No keychain is available.'} Choose “Keep the key for this session only” to go on.`,
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
    await this.secretsFor(account).set(account.id, apiKey);
    this.states.set(account.id, 'valid');
    this.file.accounts.push(account);
    this.file.activeId = account.id;
    return this.save();
  }

  /** The built-in sandbox account ("Try it without an account"): created once, then just activated. */
  async useSandbox(): Promise<AccountsSnapshot> {
    const existing = this.file.accounts.find((account) => account.kind === 'sandbox');
    if (existing) return this.activate(existing.id);
    const apiKey = `sandbox-${randomBytes(16).toString('hex')}`;
    const account: StoredAccount = {
      id: randomUUID(),
      name: SANDBOX_NAME,
      baseUrl: '',
      keyLast4: apiKey.slice(-4),
      kind: 'sandbox',
      // Without a keychain the sandbox key lives for this session; the sandbox makes a fresh account then.
      storage: this.keychain.available ? 'keychain' : 'session',
    };
    await this.secretsFor(account).set(account.id, apiKey);
    this.file.accounts.push(account);
    this.file.activeId = account.id;
    await this.connection(account.id);
    return this.save();
  }

  async activate(id: string): Promise<AccountsSnapshot> {
    if (!this.file.accounts.some((account) => account.id === id)) {
      throw new AppError('no-account', 'That account is no longer in the list.');
    }
    this.file.activeId = id;
    return this.save();
  }

  async remove(id: string): Promise<AccountsSnapshot> {
    const account = this.file.accounts.find((candidate) => candidate.id === id);
    if (!account) return this.snapshot();
    await this.secretsFor(account)
      .delete(id)
      .catch(() => false);
    this.file.accounts = this.file.accounts.filter((candidate) => candidate.id !== id);
    this.connections.delete(id);
    this.states.delete(id);
    if (account.kind === 'sandbox' && this.sandbox) {
      await this.sandbox.close();
      this.sandbox = null;
    }
    if (this.file.activeId === id) this.file.activeId = this.file.accounts[0]?.id ?? null;
    return this.save();
  }

  /** The connection of the active account; starts the sandbox when that is the active one. */
  async active(): Promise<Connection> {
    const account = this.file.accounts.find((candidate) => candidate.id === this.file.activeId);
    if (!account) throw new AppError('no-account', 'Choose an account first, or try the built-in sandbox.');
    return this.connection(account.id);
  }

  async connection(id: string): Promise<Connection> {
    const account = this.file.accounts.find((candidate) => candidate.id === id);
    if (!account) throw new AppError('no-account', 'That account is no longer in the list.');
    let connection = this.connections.get(id);
    if (!connection) {
      connection = this.connect(account);
      this.connections.set(id, connection);
      connection.catch(() => this.connections.delete(id));
    }
    return connection;
  }

  /** Records what a call through an account taught us about its key (shown as the account's state). */
  noteResult(accountId: string, error: unknown): void {
    const state: AccountState | null = !error
      ? 'valid'
      : isApiError(error) && error.kind === 'unauthorized'
        ? 'refused'
        : isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')
          ? 'unreachable'
          : null;
    if (!state || this.states.get(accountId) === state) return;
    this.states.set(accountId, state);
    this.deps.onChange(this.snapshot());
  }

  private async connect(account: StoredAccount): Promise<Connection> {
    const apiKey = await this.secretsFor(account)
      .get(account.id)
      .catch(() => null);
    if (!apiKey) {
      this.states.set(account.id, 'locked');
      throw new AppError(
        'keychain',
        `The API key of “${account.name}” is not in the keychain. Remove the account and add it again.`,
      );
    }
    let baseUrl = account.baseUrl;
    if (account.kind === 'sandbox') {
      this.sandbox ??= await this.deps.sandbox.start({ apiKey, dataDir: join(this.deps.dataDir, 'sandbox') });
      baseUrl = this.sandbox.url;
    }
    const client = createApiClient({ baseUrl, apiKey, log: this.deps.log });
    const uploader =
      account.kind === 'sandbox' ? new SandboxUploader(baseUrl, apiKey) : new NoStorageUploader();
    return { account, baseUrl, client, uploader };
  }

  async dispose(): Promise<void> {
    this.connections.clear();
    await this.sandbox?.close();
    this.sandbox = null;
  }
}
