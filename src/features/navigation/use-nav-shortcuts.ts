// Ctrl/Cmd+1 to +5 switch screens and Ctrl/Cmd+F finds, from anywhere (also while typing: a modifier
// shortcut types nothing). The application menu lists the same commands (app-commands.ts).
import { useEffect } from 'react';
import { hasModifier } from '../../lib/platform';
import { RAIL_ITEMS } from './NavRail';
import { useNavStore } from './nav-store';
import { runCommand } from '../../app/app-commands';

export function useNavShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.shiftKey || !hasModifier(event)) return;
      // The code too: on some layouts (AZERTY) the digit row types other characters without Shift.
      const item = RAIL_ITEMS.find(
        (candidate) => candidate.key === event.key || event.code === `Digit${candidate.key}`,
      );
      if (item) {
        event.preventDefault();
        useNavStore.getState().go(item.screen, { focus: true });
      } else if (event.key.toLowerCase() === 'f' || event.code === 'KeyF') {
        event.preventDefault();
        runCommand('find');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
