// Which screen is shown. Screens stay mounted when hidden (a half-filled form survives a look at the queue);
// `focusRequest` asks the screen just shown to put focus on its main control (after a shortcut or a link).
import { create } from 'zustand';

export const SCREENS = ['create', 'queue', 'batches', 'settings'] as const;
export type Screen = (typeof SCREENS)[number];

export interface NavState {
  screen: Screen;
  /** Incremented when the shown screen should take focus. */
  focusRequest: number;
  go(screen: Screen, options?: { focus?: boolean }): void;
}

export const useNavStore = create<NavState>()((set) => ({
  screen: 'create',
  focusRequest: 0,
  go(screen, options = {}) {
    set((state) => ({
      screen,
      focusRequest: options.focus ? state.focusRequest + 1 : state.focusRequest,
    }));
  },
}));
