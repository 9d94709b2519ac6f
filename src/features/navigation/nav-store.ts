// Which screen is shown. Screens stay mounted when hidden (a half-filled form survives a look at the queue);
// `focusRequest` asks the screen just shown to put focus on its main control (after a shortcut or a link),
// or on one of its sections; `returnTo` remembers the place a link came from (the job form's "Set up asset
// storage"), so the screen it opened can offer the way back.
import { create } from 'zustand';

export const SCREENS = ['create', 'queue', 'batches', 'settings', 'results'] as const;
export type Screen = (typeof SCREENS)[number];

/** Where a link was followed from: its screen, and the ids of what to focus on the way back (the first there). */
export interface ReturnPlace {
  screen: Screen;
  focusIds: readonly string[];
}

export interface NavState {
  screen: Screen;
  /** Incremented when the shown screen should take focus. */
  focusRequest: number;
  /** The section of the shown screen that takes focus (e.g. 'storage' in Settings); null: its title. */
  focusSection: string | null;
  /** Set while a screen was opened from another to do one thing there; cleared on any other move. */
  returnTo: ReturnPlace | null;
  go(screen: Screen, options?: { focus?: boolean; section?: string; returnTo?: ReturnPlace }): void;
  /** Back where `returnTo` says, focus on the first element it names that is there. */
  goBack(): void;
}

export const useNavStore = create<NavState>()((set, get) => ({
  screen: 'create',
  focusRequest: 0,
  focusSection: null,
  returnTo: null,
  go(screen, options = {}) {
    set((state) => ({
      screen,
      focusRequest: options.focus || options.section ? state.focusRequest + 1 : state.focusRequest,
      focusSection: options.section ?? null,
      // Staying on the screen keeps the way back; going anywhere else forgets it.
      returnTo: options.returnTo ?? (screen === state.screen ? state.returnTo : null),
    }));
  },
  goBack() {
    const back = get().returnTo;
    if (!back) return;
    set({ screen: back.screen, returnTo: null, focusSection: null });
    // The screen shows once React has drawn it (screens stay mounted, hidden until then); a hidden element
    // takes no focus, so it is tried frame after frame until it has it (a loaded machine may take several).
    const focusWhenShown = (frames: number) =>
      requestAnimationFrame(() => {
        const target = back.focusIds.map((id) => document.getElementById(id)).find((element) => element);
        target?.focus();
        if (target && document.activeElement !== target && frames > 0) focusWhenShown(frames - 1);
      });
    focusWhenShown(30);
  },
}));
