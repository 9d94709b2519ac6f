// The desktop app's update status as main reports it (read once, then every `updates:changed`), and the
// person's actions on it: the switch, Check now, Restart now, and "Later" for the ready banner.
import { create } from 'zustand';
import type { UpdateStatus } from '../../../electron/shared/domain/updates';
import { api, call, failureMessage } from '../../lib/api';

type Action = 'switch' | 'check' | 'restart';

export interface UpdatesState {
  status: UpdateStatus | null;
  loadError: string | null;
  /** The action under way, so its control says so and is not pressed twice. */
  busy: Action | null;
  /** The last action's failure, in main's words. */
  actionError: string | null;
  /** The ready version the person put off with "Later" (the banner stays away for it; Settings still offers it). */
  later: string | null;
  load(): Promise<void>;
  apply(status: UpdateStatus): void;
  setEnabled(enabled: boolean): Promise<void>;
  checkNow(): Promise<void>;
  restart(): Promise<void>;
  putOff(version: string): void;
}

export const useUpdatesStore = create<UpdatesState>()((set, get) => {
  const run = async (action: Action, request: () => Promise<UpdateStatus | undefined>) => {
    if (get().busy) return;
    set({ busy: action, actionError: null });
    try {
      const status = await request();
      set({ busy: null, ...(status ? { status } : {}) });
    } catch (error) {
      set({ busy: null, actionError: failureMessage(error) });
    }
  };
  return {
    status: null,
    loadError: null,
    busy: null,
    actionError: null,
    later: null,
    async load() {
      try {
        const status = await call(() => api().updates.status());
        // An event that came meanwhile is as new as the answer, or newer.
        set((state) => ({ status: state.status ?? status, loadError: null }));
      } catch (error) {
        set({ loadError: failureMessage(error) });
      }
    },
    apply: (status) => set({ status, loadError: null }),
    setEnabled: (enabled) => run('switch', () => call(() => api().updates.setEnabled({ enabled }))),
    checkNow: () => run('check', () => call(() => api().updates.checkNow())),
    restart: () => run('restart', () => call(() => api().updates.restart())),
    putOff: (version) => set({ later: version }),
  };
});
