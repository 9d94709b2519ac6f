// What the renderer may know of the accounts: names, addresses, the key's last four characters, states.
import type { AccountsSnapshot, AccountView } from '../../shared/domain/account';
import type { StoredAccount } from './account-file';
import type { Accounts } from './accounts';

const SANDBOX_ADDRESS_LABEL = 'Built-in sandbox';

function view(accounts: Accounts, account: StoredAccount): AccountView {
  const baseUrl =
    account.kind === 'sandbox' ? (accounts.sandbox.url ?? SANDBOX_ADDRESS_LABEL) : account.baseUrl;
  return {
    id: account.id,
    name: account.name,
    baseUrl,
    keyLast4: account.keyLast4,
    state: accounts.health.state(account.id),
    kind: account.kind,
    storage: account.storage,
    ...(account.storage === 'key-file' ? { keyFile: accounts.secrets.keyFileOf(account.id) } : {}),
  };
}

export function accountsSnapshot(accounts: Accounts): AccountsSnapshot {
  return {
    accounts: accounts.registry.list().map((account) => view(accounts, account)),
    activeId: accounts.registry.activeId,
    keychain: accounts.secrets.status,
    teamHistory: accounts.sharesIds,
  };
}
