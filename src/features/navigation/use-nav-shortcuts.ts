// Ctrl/Cmd+1 and +2 switch screens from anywhere (also while typing: a modifier shortcut types nothing).
import { useEffect } from 'react';
import { hasModifier } from '../../lib/platform';
import { RAIL_ITEMS } from './NavRail';
import { useNavStore } from './nav-store';

export function useNavShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.shiftKey || !hasModifier(event)) return;
      // The code too: on some layouts (AZERTY) the digit row types other characters without Shift.
      const item = RAIL_ITEMS.find(
        (candidate) => candidate.key === event.key || event.code === `Digit${candidate.key}`,
      );
      if (!item) return;
      event.preventDefault();
      useNavStore.getState().go(item.screen, { focus: true });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
