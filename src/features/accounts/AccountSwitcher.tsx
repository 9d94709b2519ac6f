// The header's account menu: the active account, a switch to any other, add, and remove (confirmed).
import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import type { AccountView } from '../../../electron/shared/domain/account';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Modal } from '../../components/Modal';
import { failureMessage } from '../../lib/api';
import { accountPlace, accountStateLabel } from './account-state';
import { maskedKey, selectActiveAccount, useAccountsStore } from './accounts-store';
import { ConnectAccountForm } from './ConnectAccountForm';
import { KeyBadge } from './KeyBadge';
import { RekeyAccountModal } from './RekeyAccountModal';

function AccountLine({ account }: { account: AccountView }): React.JSX.Element {
  const state = accountStateLabel(account.state);
  return (
    <span className="account-line">
      <span className="account-line-name">
        {account.name}
        {account.kind === 'sandbox' ? <span className="tag tag-accent">Sandbox</span> : null}
        <KeyBadge account={account} />
      </span>
      <span className="account-line-meta">
        {accountPlace(account)}
        {account.kind === 'sandbox' ? '' : ` · key ${maskedKey(account.keyLast4)}`}
        {/* Where the key is now: a missing key is said by the badge, not as one kept for this session. */}
        {account.storage === 'session' && account.state !== 'key-missing' ? ' · this session only' : ''}
        {state && account.state !== 'key-missing' ? (
          <span className="account-line-state"> · {state}</span>
        ) : null}
      </span>
    </span>
  );
}

/** What removing an account does, in words: the key, the history (kept unless ticked), the sandbox's data. */
function RemovalWords({
  account,
  deleteHistory,
  teamHistory,
}: {
  account: AccountView | null;
  deleteHistory: boolean;
  /** The history is the team's: the account's jobs stay there for everyone. */
  teamHistory: boolean;
}): React.JSX.Element {
  if (account?.kind === 'sandbox') {
    // The sandbox has no key of the person's to forget; its demo data goes, its jobs stay unless asked.
    return (
      <>
        <p>
          The app forgets this account. The built-in sandbox and its demo data (projects, credits, files) are
          deleted.
        </p>
        <p className="confirm-note">
          {deleteHistory
            ? 'Its job history is deleted from this computer too.'
            : 'Its jobs stay in the Queue, greyed, unless you also delete the history.'}
        </p>
      </>
    );
  }
  const key =
    account?.storage === 'keychain'
      ? 'Its API key is deleted from the keychain.'
      : account?.storage === 'key-file'
        ? 'Its key file is deleted.'
        : 'Its API key, kept for this session only, is forgotten.';
  return (
    <>
      <p>
        The app forgets this account. {key} Jobs already submitted keep running on the service; you can
        connect the account again later with its key.
      </p>
      <p className="confirm-note">
        {teamHistory
          ? 'Its jobs stay in the team’s history: your colleagues keep seeing them, and so do you if you add the account again.'
          : deleteHistory
            ? 'Its job history is deleted from this computer too.'
            : 'Its job history stays in the Queue, greyed and read-only, unless you tick the box below.'}
      </p>
    </>
  );
}

export function AccountSwitcher(): React.JSX.Element | null {
  const snapshot = useAccountsStore((state) => state.snapshot);
  const active = useAccountsStore(selectActiveAccount);
  const busy = useAccountsStore((state) => state.busy);
  const { activate, remove, startSandbox } = useAccountsStore.getState();
  const [adding, setAdding] = useState(false);
  /** The account whose missing key is being given again (the add form, its name and address filled in). */
  const [rekeying, setRekeying] = useState<AccountView | null>(null);
  const [removing, setRemoving] = useState<AccountView | null>(null);
  const [deleteHistory, setDeleteHistory] = useState(false);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);

  if (!snapshot) return null;
  // "Not checked yet" would only flash in the header before the first call answers.
  const activeState = active && active.state !== 'unchecked' ? accountStateLabel(active.state) : null;
  const hasSandbox = snapshot.accounts.some((account) => account.kind === 'sandbox');

  async function attempt(title: string, action: () => Promise<void>): Promise<void> {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError({ title, message: failureMessage(failure) });
    }
  }

  return (
    <div className="account-switcher">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className="account-trigger"
          disabled={busy}
          aria-label={
            active
              ? `Account: ${active.name}${activeState ? `, ${activeState.toLowerCase()}` : active.storage === 'session' ? ', key kept for this session only' : ''}. Switch or manage accounts`
              : 'Choose an account'
          }
        >
          <span className="account-avatar" aria-hidden="true">
            {(active?.name.trim().charAt(0) || '?').toUpperCase()}
          </span>
          <span className="account-trigger-text">
            <span className="account-trigger-name">{active?.name ?? 'No account chosen'}</span>
            <span className="account-trigger-meta">
              {/* The place and key give way (ellipsis) before the state does: the state is what matters. */}
              <span className="account-trigger-place">
                {active
                  ? active.kind === 'sandbox'
                    ? 'Sandbox'
                    : `${accountPlace(active)} · ${maskedKey(active.keyLast4)}`
                  : 'Choose one'}
              </span>
              {activeState ? (
                <span className="account-trigger-state">{activeState}</span>
              ) : active?.storage === 'session' ? (
                <span className="account-trigger-state">This session only</span>
              ) : null}
            </span>
          </span>
          <span className="chevron" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
            <DropdownMenu.Label className="menu-label">Accounts</DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              value={snapshot.activeId ?? ''}
              onValueChange={(id) => void attempt('The account could not be switched', () => activate(id))}
            >
              {snapshot.accounts.map((account) => (
                <DropdownMenu.RadioItem key={account.id} value={account.id} className="menu-item menu-radio">
                  <DropdownMenu.ItemIndicator className="menu-indicator">✓</DropdownMenu.ItemIndicator>
                  <AccountLine account={account} />
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="menu-separator" />
            {active?.state === 'key-missing' ? (
              <DropdownMenu.Item className="menu-item" onSelect={() => setRekeying(active)}>
                {/* A team's account was never kept here: its key is added, not added again. */}
                Add the key of “{active.name}”{active.storage === 'team' ? '' : ' again'}…
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item className="menu-item" onSelect={() => setAdding(true)}>
              Add an account…
            </DropdownMenu.Item>
            {hasSandbox ? null : (
              <DropdownMenu.Item
                className="menu-item"
                onSelect={() => void attempt('The sandbox could not start', startSandbox)}
              >
                Try the sandbox
              </DropdownMenu.Item>
            )}
            {active && active.storage !== 'team' ? (
              <DropdownMenu.Item
                className="menu-item menu-danger"
                onSelect={() => {
                  setDeleteHistory(false);
                  setRemoving(active);
                }}
              >
                Remove “{active.name}”…
              </DropdownMenu.Item>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <Modal
        open={adding}
        onOpenChange={setAdding}
        title="Add an account"
        description="Enter the address of your Job Rendering Service and an API key of your account."
      >
        <ConnectAccountForm onConnected={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Modal>

      <RekeyAccountModal account={rekeying} onClose={() => setRekeying(null)} />

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={`Remove “${removing?.name ?? ''}”?`}
        confirmLabel="Remove account"
        busy={busy}
        // A team's history is never deleted from one computer.
        option={
          snapshot.teamHistory
            ? undefined
            : {
                label: 'Also delete this account’s job history',
                checked: deleteHistory,
                onChange: setDeleteHistory,
              }
        }
        onConfirm={() => {
          const target = removing;
          if (!target) return;
          void attempt('The account could not be removed', async () => {
            await remove(target.id, { deleteHistory });
            setRemoving(null);
          });
        }}
      >
        <RemovalWords
          account={removing}
          deleteHistory={deleteHistory}
          teamHistory={snapshot.teamHistory ?? false}
        />
      </ConfirmDialog>

      {error ? (
        <div className="floating-error">
          <ErrorNotice title={error.title} onRetry={() => setError(null)} retryLabel="Dismiss">
            {error.message}
          </ErrorNotice>
        </div>
      ) : null}
    </div>
  );
}
