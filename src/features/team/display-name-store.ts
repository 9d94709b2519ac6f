// This installation's display name as main answers it (read once, then after each save): shown and set in
// Settings, and the queue's "Me" in its Submitted by filter.
import { create } from 'zustand';
import type { DisplayNameView } from '../../../electron/shared/domain/team';
import { api, call, failureMessage } from '../../lib/api';

export interface DisplayNameState {
  view: DisplayNameView | null;
  loadError: string | null;
  load(): Promise<void>;
  /** Saves the name (null: back to the default); resolves to main's refusal in words, or null when saved. */
  save(name: string | null): Promise<string | null>;
}

export const useDisplayNameStore = create<DisplayNameState>()((set) => ({
  view: null,
  loadError: null,
  async load() {
    try {
      set({ view: await call(() => api().team.name()), loadError: null });
    } catch (error) {
      set({ loadError: failureMessage(error) });
    }
  },
  async save(name) {
    try {
      set({ view: await call(() => api().team.setName({ name })), loadError: null });
      return null;
    } catch (error) {
      return failureMessage(error);
    }
  },
}));
