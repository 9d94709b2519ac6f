// The accounts as main reports them (never a key): the snapshot, and the requests that change it.
import { create } from 'zustand';
import type { AccountsSnapshot, AccountView, NewAccount } from '../../../electron/shared/domain/account';
import type { AppErrorKind } from '../../../electron/shared/ipc/contract';
import { api, call, failureKind, failureMessage } from '../../lib/api';

export interface AccountsState {
  snapshot: AccountsSnapshot | null;
  /** Why the first snapshot could not be read, if it could not. */
  loadError: string | null;
  /** What kind of failure `loadError` is: a page that is not signed in cannot be helped by trying again. */
  loadErrorKind: AppErrorKind | null;
  /** A request is under way (switch, remove, sandbox). */
  busy: boolean;
  load(): Promise<void>;
  apply(snapshot: AccountsSnapshot): void;
  /** Resolves when the sandbox account is ready; throws an AppFailure otherwise. */
  startSandbox(): Promise<void>;
  /** Resolves with the new snapshot; throws an AppFailure with main's sentence otherwise. */
  add(account: NewAccount): Promise<AccountsSnapshot>;
  activate(id: string): Promise<void>;
  /** Removes the account and its key; its job history stays (read-only) unless deleteHistory. */
  remove(id: string, options?: { deleteHistory?: boolean }): Promise<void>;
}

export const useAccountsStore = create<AccountsState>()((set, get) => {
  /** Runs a request that answers with a snapshot, with `busy` set meanwhile. */
  async function run(request: () => Promise<AccountsSnapshot>): Promise<AccountsSnapshot> {
    set({ busy: true });
    try {
      const snapshot = await request();
      get().apply(snapshot);
      return snapshot;
    } finally {
      set({ busy: false });
    }
  }

  return {
    snapshot: null,
    loadError: null,
    loadErrorKind: null,
    busy: false,
    async load() {
      try {
        set({ snapshot: await call(() => api().accounts.snapshot()), loadError: null, loadErrorKind: null });
      } catch (error) {
        set({ loadError: failureMessage(error), loadErrorKind: failureKind(error) });
      }
    },
    apply: (snapshot) => set({ snapshot, loadError: null, loadErrorKind: null }),
    async startSandbox() {
      await run(() => call(() => api().accounts.useSandbox()));
    },
    add: (account) => run(() => call(() => api().accounts.add(account))),
    async activate(id) {
      await run(() => call(() => api().accounts.activate({ id })));
    },
    async remove(id, options = {}) {
      const deleteHistory = options.deleteHistory ?? false;
      await run(() => call(() => api().accounts.remove({ id, deleteHistory })));
    },
  };
});

/** The active account, or null when there is none. */
export function selectActiveAccount(state: Pick<AccountsState, 'snapshot'>): AccountView | null {
  const snapshot = state.snapshot;
  if (!snapshot?.activeId) return null;
  return snapshot.accounts.find((account) => account.id === snapshot.activeId) ?? null;
}

/** The key as the person may see it: bullets and the last four characters. */
export function maskedKey(keyLast4: string): string {
  return `••••${keyLast4}`;
}
