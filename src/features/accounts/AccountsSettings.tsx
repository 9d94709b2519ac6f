// Settings → Accounts: every account with where its key lives (keychain, key file and its path, this
// session only, made by the app), and for one whose key is missing, the way to give it again: the same
// account comes back with its jobs and batches.
import { useState } from 'react';
import type { AccountView } from '../../../electron/shared/domain/account';
import { accountPlace } from './account-state';
import { maskedKey, useAccountsStore } from './accounts-store';
import { KeyBadge } from './KeyBadge';
import { RekeyAccountModal } from './RekeyAccountModal';

function whereTheKeyIs(account: AccountView): string {
  switch (account.storage) {
    case 'keychain':
      return 'Key in the system keychain.';
    case 'key-file':
      return `Key in a file only you can read: ${account.keyFile ?? 'in the app’s data folder'}.`;
    case 'session':
      return account.state === 'key-missing'
        ? 'Its key was kept for a session that has ended. Its jobs and batches are kept, read-only, until you add the key again.'
        : 'Key kept for this session only: forgotten when the app quits.';
    case 'app':
      return 'Its key is made by the app each time it starts the sandbox; nothing to keep.';
    case 'environment':
      return 'Key from JRS_API_KEY, for this run only.';
    case 'team':
      return 'The team’s account: its jobs are shown, read-only. Add its key (a colleague has it) to send jobs from here too.';
  }
}

export function AccountsSettings(): React.JSX.Element {
  const snapshot = useAccountsStore((state) => state.snapshot);
  const [rekeying, setRekeying] = useState<AccountView | null>(null);
  const accounts = snapshot?.accounts ?? [];
  return (
    <>
      <p className="settings-note">
        Add, switch and remove accounts from the account menu at the top right.{' '}
        {snapshot?.keychain.available === false
          ? 'No system keychain answers on this computer: each key is kept for this session only or in a key file only you can read, as you chose when adding it.'
          : 'Keys stay in the system’s keychain.'}
      </p>
      {accounts.length > 0 ? (
        <ul className="account-list" aria-label="Accounts">
          {accounts.map((account) => (
            <li key={account.id} className="account-row">
              <span className="account-row-text">
                <span className="account-row-name">
                  {account.name}
                  {account.kind === 'sandbox' ? <span className="tag tag-accent">Sandbox</span> : null}
                  <KeyBadge account={account} />
                </span>
                <span className="account-row-meta">
                  {accountPlace(account)}
                  {account.keyLast4 ? ` · key ${maskedKey(account.keyLast4)}` : ''}
                </span>
                <span className="account-row-meta">{whereTheKeyIs(account)}</span>
              </span>
              {account.state === 'key-missing' ? (
                <button type="button" className="btn btn-secondary" onClick={() => setRekeying(account)}>
                  Add the key of “{account.name}”{account.storage === 'team' ? '' : ' again'}…
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <RekeyAccountModal account={rekeying} onClose={() => setRekeying(null)} />
    </>
  );
}
