// The modifier key of shortcuts (Cmd on macOS, Ctrl elsewhere), for handling them and for naming them.

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.platform);

/** Cmd on macOS, Ctrl elsewhere, and not the other one (Ctrl+click is a right click on macOS). */
export function hasModifier(event: { ctrlKey: boolean; metaKey: boolean }): boolean {
  return isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}

/** How the shortcut is shown: "⌘1" or "Ctrl+1". */
export function shortcutLabel(key: string): string {
  return isMac ? `⌘${key}` : `Ctrl+${key}`;
}

/** How it is written for aria-keyshortcuts: "Meta+1" or "Control+1". */
export function ariaShortcut(key: string): string {
  return isMac ? `Meta+${key}` : `Control+${key}`;
}
