// Words for an account's state, shown beside it when it is anything but valid, and which failures are outages.
import type { AccountState, AccountView } from '../../../electron/shared/domain/account';
import type { AppErrorKind } from '../../../electron/shared/ipc/contract';

const STATE_LABELS: Record<AccountState, string | null> = {
  valid: null,
  refused: 'Key refused',
  unreachable: 'Unreachable',
  unchecked: 'Not checked yet',
  locked: 'Keychain locked',
  'key-missing': 'Key missing — add it again',
};

export function accountStateLabel(state: AccountState): string | null {
  return STATE_LABELS[state];
}

/** The host of the account's service, or the sandbox's name. */
export function accountPlace(account: AccountView): string {
  if (account.kind === 'sandbox') return 'Built-in sandbox';
  try {
    return new URL(account.baseUrl).host;
  } catch {
    return account.baseUrl;
  }
}

/** The service could not be reached (no answer, or none in time): the kind of failure an outage causes. */
export function isOutage(kind: AppErrorKind | null): boolean {
  return kind === 'network' || kind === 'timeout';
}
