// The accounts domain wired together: the registry (the list), secrets (where keys live), health (what
// calls say about keys), the sandbox runner and the connections built from them.
import { AccountFileStore } from './account-file';
import { AccountHealth } from './account-health';
import { AccountRegistry } from './account-registry';
import { AccountSecrets } from './account-secrets';
import { Connections } from './connections';
import { SandboxRunner } from './sandbox-runner';
import type { SandboxLauncher } from '../app/app-core.types';
import type { SecretStore } from './secret-store';

export interface Accounts {
  readonly registry: AccountRegistry;
  readonly secrets: AccountSecrets;
  readonly health: AccountHealth;
  readonly sandbox: SandboxRunner;
  readonly connections: Connections;
  /** Tells the renderer the list or a state changed. */
  changed(): void;
  dispose(): Promise<void>;
}

export async function openAccounts(deps: {
  dataDir: string;
  keychain: SecretStore;
  sandbox: SandboxLauncher;
  onChange: () => void;
  log?: (line: string) => void;
}): Promise<Accounts> {
  const registry = new AccountRegistry(new AccountFileStore(deps.dataDir));
  await registry.load(deps.log);
  const secrets = new AccountSecrets(deps.keychain);
  await secrets.checkKeychain();
  const health = new AccountHealth(deps.onChange);
  const sandbox = new SandboxRunner(deps.sandbox, deps.dataDir);
  const connections = new Connections({ registry, secrets, health, sandbox, log: deps.log });
  return {
    registry,
    secrets,
    health,
    sandbox,
    connections,
    changed: deps.onChange,
    async dispose() {
      connections.clear();
      await sandbox.stop();
    },
  };
}
