// Light and dark follow the OS. The window's own background follows too, so that a dark desktop does not
// see a white flash before the page paints.
import { nativeTheme, type BrowserWindow } from 'electron';

/** The page background, --bg in src/styles/tokens.css, in each scheme: keep them equal. */
export const WINDOW_BACKGROUND = { light: '#f4f5f8', dark: '#0e1015' } as const;

export function followSystemTheme(): void {
  nativeTheme.themeSource = 'system';
}

export function windowBackground(): string {
  return nativeTheme.shouldUseDarkColors ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light;
}

/** Repaints the window's background when the OS switches between light and dark. */
export function keepBackgroundInTheme(window: BrowserWindow): void {
  const update = () => {
    if (!window.isDestroyed()) window.setBackgroundColor(windowBackground());
  };
  nativeTheme.on('updated', update);
  window.once('closed', () => nativeTheme.off('updated', update));
}
