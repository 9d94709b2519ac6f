// The "Add the key of … again" dialog for an account whose key is missing (or the team's, whose key this
// computer never had): the add form with its name and address, so the same account comes back. The account
// menu and Settings → Accounts both open it.
import type { AccountView } from '../../../electron/shared/domain/account';
import { Modal } from '../../components/Modal';
import { ConnectAccountForm } from './ConnectAccountForm';

export function RekeyAccountModal({
  account,
  onClose,
}: {
  /** The account whose key is given again; null when the dialog is closed. */
  account: AccountView | null;
  onClose: () => void;
}): React.JSX.Element {
  return (
    <Modal
      open={account !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={
        account?.storage === 'team'
          ? `Add the key of “${account.name}”`
          : `Add the key of “${account?.name ?? ''}” again`
      }
      description={
        account?.storage === 'team'
          ? 'The team’s account, with the key a colleague gives you: its jobs become yours to send too. Keep its address.'
          : 'The same account comes back, with its jobs and batches. Keep its name and address.'
      }
    >
      {account ? (
        <ConnectAccountForm
          initial={{ name: account.name, baseUrl: account.baseUrl }}
          onConnected={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}
