// The app's one window, created with every item of Electron's security checklist switched on.
import { join } from 'node:path';
import { BrowserWindow } from 'electron';
import type { RendererLocation } from './renderer-location';
import type { WindowState } from './window-state';

export interface MainWindowOptions {
  /** Remembered size and place, already fitted to today's displays. */
  state: WindowState;
  /** The theme's page colour, painted before the page loads. */
  backgroundColor: string;
  renderer: RendererLocation;
}

export function createMainWindow({ state, backgroundColor, renderer }: MainWindowOptions): BrowserWindow {
  const position = state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {};
  const window = new BrowserWindow({
    ...position,
    width: state.width,
    height: state.height,
    minWidth: 800,
    minHeight: 560,
    show: false,
    backgroundColor,
    webPreferences: {
      // The preload runs sandboxed and exposes only the IPC contract's named functions (electron/preload).
      preload: join(__dirname, '../preload/index.cjs'), // eng-disable PRELOAD_JS_CHECK
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      // Middle-click would open links in a new window; setWindowOpenHandler denies that anyway, and this
      // removes the event altogether.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => {
    // Maximizing a hidden window shows it on some platforms, so it waits until the page is ready.
    if (state.maximized) window.maximize();
    window.show();
  });
  // The renderer is a single page: every navigation and every new window is refused (security.ts does the
  // same for every other web contents).
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));

  void window.loadURL(renderer.url);
  return window;
}
