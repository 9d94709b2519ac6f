// Builds the app's core: wiring only. Each domain (accounts, projects, assets, jobs, shell) brings its
// IPC handlers; main and the e2e harness both run exactly this.
import type { EventName, Handlers, PayloadOf } from '../../shared/ipc/contract';
import { accountHandlers } from '../accounts/account-handlers';
import { accountsSnapshot } from '../accounts/account-snapshot';
import { openAccounts, type Accounts } from '../accounts/accounts';
import { assetHandlers } from '../assets/asset-handlers';
import { openJobs } from '../jobs/jobs-domain';
import { projectHandlers } from '../projects/project-handlers';
import { shellHandlers } from '../shell/shell-handlers';
import type { AppCore, AppCoreDeps, CoreEventListener } from './app-core.types';
import { alwaysOnline, silentNotifier, systemClock, systemTimers } from './deps';

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
  const opened = accounts;

  const jobs = openJobs({
    dataDir: deps.dataDir,
    accounts: opened,
    clock: deps.clock ?? systemClock,
    timers: deps.timers ?? systemTimers,
    random: deps.random ?? Math.random,
    power: deps.power ?? alwaysOnline,
    notifier: deps.notifier ?? silentNotifier,
    dialogs: deps.dialogs,
    flushMs: deps.flushMs,
    emitChanged: (payload) => emit('jobs:changed', payload),
    emitCredits: (accountId, credits) => emit('credits:changed', { accountId, credits }),
    log: deps.log,
  });

  const handlers: Handlers = {
    ...accountHandlers(opened, (accountId, deleteHistory) => jobs.accountRemoved(accountId, deleteHistory)),
    ...projectHandlers(opened.connections),
    ...assetHandlers(opened.connections),
    ...jobs.handlers,
    ...shellHandlers(deps.openExternal),
  };

  return {
    handlers,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      listeners.clear();
      await jobs.dispose();
      await opened.dispose();
    },
  };
}
