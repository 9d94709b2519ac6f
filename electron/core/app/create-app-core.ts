// Builds the app's core: accounts, the active connection, jobs and uploads, exposed as one handler per
// IPC channel plus an event stream. Main and the e2e harness both run exactly this.
import { randomUUID } from 'node:crypto';
import type { EventName, Handlers, PayloadOf } from '../../shared/ipc/contract';
import { AccountService, type Connection } from '../accounts/account-service';
import { JobTracker } from '../jobs/job-tracker';
import type { AppCore, AppCoreDeps, CoreEventListener } from './app-core.types';
import { AppError } from './app-error';

export async function createAppCore(deps: AppCoreDeps): Promise<AppCore> {
  const listeners = new Set<CoreEventListener>();
  const emit = <E extends EventName>(event: E, payload: PayloadOf<E>) => {
    for (const listener of listeners) listener(event, payload);
  };

  const accounts = new AccountService({
    dataDir: deps.dataDir,
    secrets: deps.secrets,
    sandbox: deps.sandbox,
    log: deps.log,
    onChange: (snapshot) => emit('accounts:changed', snapshot),
  });
  await accounts.load();

  const jobs = new JobTracker({
    connection: (accountId) => accounts.connection(accountId),
    onJob: (job) => emit('jobs:changed', job),
    onCredits: (accountId, credits) => emit('credits:changed', { accountId, credits }),
    onCallResult: (accountId, error) => accounts.noteResult(accountId, error),
    sessionId: randomUUID(),
    pollIntervalMs: deps.pollIntervalMs ?? 1500,
  });

  /** Runs a call through the active account, noting what it says about the key. */
  async function withActive<T>(work: (connection: Connection) => Promise<T>): Promise<T> {
    const connection = await accounts.active();
    try {
      const result = await work(connection);
      accounts.noteResult(connection.account.id, null);
      return result;
    } catch (error) {
      accounts.noteResult(connection.account.id, error);
      throw error;
    }
  }

  const handlers: Handlers = {
    'accounts:snapshot': async () => accounts.snapshot(),
    'accounts:add': async (input) => accounts.add(input),
    'accounts:useSandbox': async () => accounts.useSandbox(),
    'accounts:activate': async ({ id }) => accounts.activate(id),
    'accounts:remove': async ({ id }) => accounts.remove(id),
    'credits:get': async () => withActive(async ({ client }) => ({ credits: await client.getCredits() })),
    'projects:list': async () => withActive(({ client }) => client.listActiveProjects()),
    'projects:fields': async ({ projectId }) =>
      withActive(({ client }) => client.getMappingFields(projectId)),
    'assets:capability': async () => (await accounts.active()).uploader.capability(),
    'assets:upload': async (asset) => (await accounts.active()).uploader.upload(asset),
    'jobs:submit': async (request) => {
      const { account } = await accounts.active();
      return jobs.submit(account.id, request);
    },
    'jobs:list': async () => {
      const { activeId } = accounts.snapshot();
      return activeId ? jobs.list(activeId) : [];
    },
    'shell:openExternal': async ({ url }) => {
      if (!deps.openExternal) throw new AppError('internal', 'Links cannot be opened here.');
      await deps.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK: main's openExternal checks the URL (https only) first
    },
  };

  return {
    handlers,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      jobs.dispose();
      listeners.clear();
      await accounts.dispose();
    },
  };
}
