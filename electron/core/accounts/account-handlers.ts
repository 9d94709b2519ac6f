// The IPC handlers of the accounts domain (and the active account's credit balance).
import type { Handlers } from '../../shared/ipc/contract';
import { activateAccount, addAccount, removeAccount, useSandbox } from './account-actions';
import { accountsSnapshot } from './account-snapshot';
import type { Accounts } from './accounts';

type AccountHandlers = Pick<
  Handlers,
  | 'accounts:snapshot'
  | 'accounts:add'
  | 'accounts:useSandbox'
  | 'accounts:activate'
  | 'accounts:remove'
  | 'credits:get'
>;

export function accountHandlers(
  accounts: Accounts,
  /** After an account is removed: its jobs are kept read-only, or deleted. */
  onRemoved: (accountId: string, deleteHistory: boolean) => Promise<void>,
): AccountHandlers {
  const snapshot = () => accountsSnapshot(accounts);
  return {
    'accounts:snapshot': async () => snapshot(),
    'accounts:add': async (input) => {
      await addAccount(accounts, input);
      return snapshot();
    },
    'accounts:useSandbox': async () => {
      await useSandbox(accounts);
      return snapshot();
    },
    'accounts:activate': async ({ id }) => {
      await activateAccount(accounts, id);
      return snapshot();
    },
    'accounts:remove': async ({ id, deleteHistory }) => {
      if (await removeAccount(accounts, id)) await onRemoved(id, deleteHistory ?? false);
      return snapshot();
    },
    'credits:get': async () => {
      const { client } = await accounts.connections.active();
      return { credits: await client.getCredits() };
    },
  };
}
