// The IPC handlers of the jobs domain: submitting a job and the active account's jobs.
import type { Handlers } from '../../shared/ipc/contract';
import type { Accounts } from '../accounts/accounts';
import type { JobTracker } from './job-tracker';

export function jobHandlers(
  accounts: Accounts,
  jobs: JobTracker,
): Pick<Handlers, 'jobs:submit' | 'jobs:list'> {
  return {
    'jobs:submit': async (request) => jobs.submit(accounts.registry.active().id, request),
    'jobs:list': async () => {
      const { activeId } = accounts.registry;
      return activeId ? jobs.list(activeId) : [];
    },
  };
}
