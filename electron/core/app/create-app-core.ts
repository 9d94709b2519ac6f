// Builds the app's core: wiring only. Each domain (accounts, projects, assets, jobs, shell) brings its
// IPC handlers; main and the e2e harness both run exactly this.
import { randomUUID } from 'node:crypto';
import type { EventName, Handlers, PayloadOf } from '../../shared/ipc/contract';
import { accountHandlers } from '../accounts/account-handlers';
import { accountsSnapshot } from '../accounts/account-snapshot';
import { openAccounts, type Accounts } from '../accounts/accounts';
import { assetHandlers } from '../assets/asset-handlers';
import { jobHandlers } from '../jobs/job-handlers';
import { JobTracker } from '../jobs/job-tracker';
import { projectHandlers } from '../projects/project-handlers';
import { shellHandlers } from '../shell/shell-handlers';
import type { AppCore, AppCoreDeps, CoreEventListener } from './app-core.types';

export async function createAppCore(deps: AppCoreDeps): Promise<AppCore> {
  const listeners = new Set<CoreEventListener>();
  const emit = <E extends EventName>(event: E, payload: PayloadOf<E>) => {
    for (const listener of listeners) listener(event, payload);
  };

  // Bound once `accounts` exists: health changes may be reported while it is being opened.
  let accounts: Accounts | null = null;
  accounts = await openAccounts({
    dataDir: deps.dataDir,
    keychain: deps.secrets,
    sandbox: deps.sandbox,
    log: deps.log,
    onChange: () => {
      if (accounts) emit('accounts:changed', accountsSnapshot(accounts));
    },
  });
  const { connections } = accounts;

  const jobs = new JobTracker({
    connection: (accountId) => connections.get(accountId),
    onJob: (job) => emit('jobs:changed', job),
    onCredits: (accountId, credits) => emit('credits:changed', { accountId, credits }),
    sessionId: randomUUID(),
    pollIntervalMs: deps.pollIntervalMs ?? 1500,
  });

  const handlers: Handlers = {
    ...accountHandlers(accounts),
    ...projectHandlers(connections),
    ...assetHandlers(connections),
    ...jobHandlers(accounts, jobs),
    ...shellHandlers(deps.openExternal),
  };

  const opened = accounts;
  return {
    handlers,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      jobs.dispose();
      listeners.clear();
      await opened.dispose();
    },
  };
}
