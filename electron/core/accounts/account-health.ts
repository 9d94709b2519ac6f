// What the calls through each account taught us about its key (valid, refused, unreachable, locked),
// recorded from every call, and shown as the account's state.
import type { AccountState } from '../../shared/domain/account';
import { isApiError } from '../api';

/** The state a call's outcome implies, or null when it says nothing about the key or the service. */
export function stateAfter(error: unknown): AccountState | null {
  if (!error) return 'valid';
  if (!isApiError(error)) return null;
  if (error.kind === 'unauthorized') return 'refused';
  if (error.kind === 'network' || error.kind === 'timeout') return 'unreachable';
  return null;
}

export class AccountHealth {
  private readonly states = new Map<string, AccountState>();

  constructor(private readonly onChange: () => void) {}

  state(accountId: string): AccountState {
    return this.states.get(accountId) ?? 'unchecked';
  }

  set(accountId: string, state: AccountState): void {
    if (this.states.get(accountId) === state) return;
    this.states.set(accountId, state);
    this.onChange();
  }

  /** Records the outcome of one call (null error: it succeeded). */
  note(accountId: string, error: unknown): void {
    const state = stateAfter(error);
    if (state) this.set(accountId, state);
  }

  forget(accountId: string): void {
    this.states.delete(accountId);
  }
}
