// A store's value for a screen's component that holds still while its screen is hidden: screens stay
// mounted, and without this a hidden Queue re-sorted 1,000 jobs (and measured its grid) on every batch of
// job changes the Batches screen was showing. Shown again, the screen reads the store afresh.
import { useCallback, useSyncExternalStore } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import { useNavStore, type Screen } from './nav-store';

export function useWhileShown<S, T>(
  screen: Screen,
  useStore: UseBoundStore<StoreApi<S>>,
  selector: (state: S) => T,
): T {
  const shown = useNavStore((state) => state.screen === screen);
  // While hidden nothing is subscribed, so the store's changes render nothing here; showing the screen
  // subscribes again, and React reads the value anew. `selector` must return the state's own objects.
  const subscribe = useCallback(
    (changed: () => void) => (shown ? useStore.subscribe(changed) : () => undefined),
    [shown, useStore],
  );
  return useSyncExternalStore(subscribe, () => selector(useStore.getState()));
}
