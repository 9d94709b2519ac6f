// The active account's credit balance: read on account change, replaced by every `credits:changed`.
import { create } from 'zustand';
import type { AppErrorKind } from '../../../electron/shared/ipc/contract';
import { api, call, failureKind, failureMessage } from '../../lib/api';

export interface CreditsState {
  accountId: string | null;
  credits: number | null;
  error: string | null;
  /** What kind of failure `error` is: an outage (network, timeout) is said elsewhere, once. */
  errorKind: AppErrorKind | null;
  loading: boolean;
  /** Reads the balance of the given (active) account. */
  refresh(accountId: string | null): Promise<void>;
  /** An event from main: applied only when it is about the account shown. */
  applyEvent(event: { accountId: string; credits: number }): void;
}

export const useCreditsStore = create<CreditsState>()((set, get) => ({
  accountId: null,
  credits: null,
  error: null,
  errorKind: null,
  loading: false,
  async refresh(accountId) {
    if (accountId !== get().accountId) set({ accountId, credits: null });
    if (!accountId) {
      set({ error: null, errorKind: null, loading: false });
      return;
    }
    set({ loading: true, error: null, errorKind: null });
    try {
      const { credits } = await call(() => api().credits.get());
      if (get().accountId === accountId) set({ credits, loading: false });
    } catch (error) {
      if (get().accountId === accountId)
        set({ error: failureMessage(error), errorKind: failureKind(error), loading: false });
    }
  },
  applyEvent(event) {
    if (event.accountId === get().accountId) set({ credits: event.credits, error: null, errorKind: null });
  },
}));
