// The accounts domain wired together: the registry (the list), secrets (where keys live), health (what
// calls say about keys), the sandbox runner and the connections built from them.
import { AccountFileStore, type StoredAccount } from './account-file';
import { AccountHealth } from './account-health';
import { AccountRegistry } from './account-registry';
import { AccountSecrets } from './account-secrets';
import { Connections } from './connections';
import { SandboxRunner } from './sandbox-runner';
import type { SandboxLauncher } from './sandbox-runner';
import type { SecretStore } from './secret-store';
import { sharedAccountId } from './shared-account-id';
import type { S3Settings } from '../../shared/domain/storage';

export interface Accounts {
  readonly registry: AccountRegistry;
  readonly secrets: AccountSecrets;
  readonly health: AccountHealth;
  readonly sandbox: SandboxRunner;
  readonly connections: Connections;
  /** On a team's history: accounts go by the id they have on every computer (shared-account-id.ts). */
  readonly sharesIds: boolean;
  /** The asset storage a session account brought for this process (JRS_S3_*), if any. */
  sessionStorage(accountId: string): SessionStorage | null;
  /** Tells the renderer the list or a state changed. */
  changed(): void;
  dispose(): Promise<void>;
}

/**
 * An account for one process (the command line's JRS_BASE_URL and JRS_API_KEY): its key in memory only,
 * the account in no file. Its id should be the same on every run so that its history is found again.
 */
export interface SessionAccount {
  id: string;
  name: string;
  baseUrl: string;
  apiKey: string;
  /** An S3-compatible bucket for its uploads, for this process only (its secret in memory, like the key). */
  storage?: SessionStorage;
}

export interface SessionStorage {
  s3: S3Settings;
  secret: string;
}

export async function openAccounts(deps: {
  dataDir: string;
  keychain: SecretStore;
  sandbox: SandboxLauncher;
  onChange: () => void;
  sessionAccounts?: readonly SessionAccount[];
  /** On a team's history: each account whose key is here goes by its shared id. */
  sharesIds?: boolean;
  log?: (line: string) => void;
}): Promise<Accounts> {
  const registry = new AccountRegistry(new AccountFileStore(deps.dataDir));
  await registry.load(deps.log);
  const secrets = new AccountSecrets(deps.keychain, deps.dataDir, (id) => registry.fileIdOf(id));
  await secrets.checkKeychain();
  if (deps.sharesIds) await shareIds(registry, secrets);
  const sessionStorage = new Map<string, SessionStorage>();
  for (const session of deps.sessionAccounts ?? []) {
    if (session.storage) sessionStorage.set(session.id, session.storage);
    const apiKey = session.apiKey.trim();
    const account: StoredAccount = {
      id: session.id,
      name: session.name,
      baseUrl: session.baseUrl.trim().replace(/\/+$/, ''),
      keyLast4: apiKey.slice(-4),
      kind: 'remote',
      storage: 'environment',
    };
    await secrets.set(account, apiKey);
    registry.addForSession(account);
  }
  const health = new AccountHealth(deps.onChange);
  // A session-only key of an earlier run is gone: said at once, before any call (the account, its jobs and
  // batches stay; the key is given again with the same name and address).
  for (const account of registry.list()) {
    if (account.storage === 'session' && !(await secrets.hasSessionKey(account.id)))
      health.set(account.id, 'key-missing');
  }
  const sandbox = new SandboxRunner(deps.sandbox, deps.dataDir);
  const connections = new Connections({ registry, secrets, health, sandbox, log: deps.log });
  return {
    registry,
    secrets,
    health,
    sandbox,
    connections,
    sharesIds: deps.sharesIds ?? false,
    sessionStorage: (accountId) => sessionStorage.get(accountId) ?? null,
    changed: deps.onChange,
    async dispose() {
      connections.clear();
      await sandbox.stop();
    },
  };
}

/**
 * On a team's history, each saved account whose key can be read here is known by the id derived from its
 * address and key, so that colleagues' copies of one service account (and `jrs` with JRS_API_KEY) meet. One
 * whose key cannot be read keeps this computer's id: its jobs are this computer's alone until it has a key.
 */
async function shareIds(registry: AccountRegistry, secrets: AccountSecrets): Promise<void> {
  for (const account of registry.list()) {
    const shared = await sharedIdOf(account, secrets);
    if (shared) registry.shareAs(account.id, shared);
  }
}

/** The id a saved account has on every computer; null for the sandbox or one whose key is not here. */
export async function sharedIdOf(account: StoredAccount, secrets: AccountSecrets): Promise<string | null> {
  if (account.kind !== 'remote' || account.storage === 'environment' || account.storage === 'team')
    return null;
  const key = await secrets.get(account).catch(() => null);
  return key ? sharedAccountId(account.baseUrl, key) : null;
}

/**
 * This computer's saved accounts' ids → their ids on the team (for copying its history in): read from
 * accounts.json and the keys where they are kept; an account whose key is not here is left out.
 */
export async function sharedIdsOfSaved(dataDir: string, keychain: SecretStore): Promise<Map<string, string>> {
  const { file } = await new AccountFileStore(dataDir).read();
  const secrets = new AccountSecrets(keychain, dataDir);
  const ids = new Map<string, string>();
  for (const account of file.accounts) {
    const shared = await sharedIdOf(account, secrets);
    if (shared && shared !== account.id) ids.set(account.id, shared);
  }
  return ids;
}
