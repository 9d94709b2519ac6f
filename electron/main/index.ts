// Electron entry: lifecycle only. One instance, security set up before anything loads, the core created,
// IPC registered, then the window and the menu; the core is disposed before the app quits.
import { join } from 'node:path';
import { app, BrowserWindow, dialog, Menu, screen, session } from 'electron';
import type { AppCore } from '../core/app/app-core.types';
import { createAppCore } from '../core/app/create-app-core';
import { AppError } from '../core/kernel/app-error';
import { teamHistoryFor } from '../core/team/team-connection';
import { appMenuTemplate } from './app-menu';
import { electronDialogs } from './dialogs';
import { electronFileShell } from './file-shell';
import { serveDownloads } from './local-file-url';
import { electronNotifier } from './notifier';
import { electronPower } from './power';
import { registerIpc } from './ipc';
import { createMainWindow } from './main-window';
import { openExternal } from './open-external';
import { rendererLocation } from './renderer-location';
import { registerAppSchemes, serveBundle } from './renderer-protocol';
import { installation } from '../node-host/installation';
import { installationKeychain } from '../node-host/installation-keychain';
import { createSandboxLauncher, sandboxSeedPath } from '../node-host/sandbox-launcher';
import { denyAllPermissions, lockDownWebContents, sendRendererCsp } from './security';
import { followSystemTheme, keepBackgroundInTheme, windowBackground } from './theme';
import { electronUpdates } from './updater';
import { loadWindowState, trackWindowState } from './window-state';

/** How long quitting waits for the core (polling, the sandbox) to stop before it gives up. */
const DISPOSE_TIMEOUT_MS = 5000;

const log = (line: string) => console.log(`[main] ${line}`);
let mainWindow: BrowserWindow | null = null;

// This copy's keychain service and data folder (installation.ts chooses them for every host): a packaged
// app shares both with the installed `jrs`, a development run keeps its own.
const thisInstallation = installation(app.isPackaged ? 'installed' : 'development');
// Another data folder for a development run (the e2e spec's throwaway profile, or JRS_DATA_DIR as the CLI
// and the browser host take it); ignored in a packaged app.
const userDataOverride = process.env['JRS_USER_DATA_DIR'] || process.env['JRS_DATA_DIR'];
app.setPath(
  'userData',
  !app.isPackaged && userDataOverride
    ? userDataOverride
    : join(app.getPath('appData'), thisInstallation.dataFolderName),
);

app.enableSandbox();
registerAppSchemes();
lockDownWebContents(app);

if (!app.requestSingleInstanceLock()) {
  // The first instance gets 'second-instance' and comes to the front; this one has nothing to do.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow || mainWindow.isDestroyed()) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  void start().catch((error: unknown) => {
    // The team's database (Settings → Team history) not answering is not the app's fault: say the way on.
    const onTheTeam = error instanceof AppError && error.kind.startsWith('team-');
    dialog.showErrorBox(
      'Job Rendering Studio could not start',
      `${(error as Error).message}\n\n${
        onTheTeam
          ? 'Open the app again once the team database answers. To work on this computer’s own history instead, run: jrs team forget'
          : 'Quit and open the app again; if this keeps happening, reinstall it.'
      }`,
    );
    app.exit(1);
  });
}

async function start(): Promise<void> {
  await app.whenReady();
  const isDev = !app.isPackaged;
  const renderer = rendererLocation({
    isPackaged: app.isPackaged,
    devServerUrl: process.env['ELECTRON_RENDERER_URL'],
    mainDir: __dirname,
  });
  followSystemTheme();
  denyAllPermissions(session.defaultSession);
  sendRendererCsp(session.defaultSession, renderer);
  if (renderer.kind === 'bundle') serveBundle(session.defaultSession, renderer);

  const userData = app.getPath('userData');
  const power = electronPower();
  app.on('will-quit', () => power.dispose());
  // A packaged app takes no keychain override (nor a team database) from its environment.
  const env = app.isPackaged ? {} : process.env;
  const secrets = installationKeychain(thisInstallation, env, log);
  const core = await createAppCore({
    dataDir: userData,
    downloadsDir: app.getPath('downloads'),
    secrets,
    // The team database saved in Settings → Team history (or jrs team connect): the team's history.
    team: await teamHistoryFor(secrets, env, log),
    sandbox: createSandboxLauncher({
      seedPath: sandboxSeedPath({ isPackaged: app.isPackaged, resourcesPath: process.resourcesPath }),
    }),
    openExternal,
    power,
    notifier: electronNotifier(() => mainWindow),
    dialogs: electronDialogs(() => mainWindow),
    fileShell: electronFileShell(() => mainWindow),
    // The app's own updates (electron-updater from the feed set at build time); core decides when.
    updates: electronUpdates(log),
    // Settings → Team history's "Restart now": the core is disposed on the way out (before-quit), then
    // the app starts again on the database just saved. After the answer reaches the page.
    relaunch: () => {
      app.relaunch();
      setImmediate(() => app.quit());
    },
    log,
  });
  serveDownloads(session.defaultSession, (jobId) => core.downloadedFile(jobId));
  const unregisterIpc = registerIpc(core, () => mainWindow, { renderer, log });
  disposeBeforeQuit(core, unregisterIpc);

  const windowStateFile = join(userData, 'window-state.json');
  const openWindow = () => {
    const workAreas = screen.getAllDisplays().map((display) => display.workArea);
    const window = createMainWindow({
      state: loadWindowState(windowStateFile, workAreas),
      backgroundColor: windowBackground(),
      renderer,
    });
    trackWindowState(window, windowStateFile, log);
    keepBackgroundInTheme(window);
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    mainWindow = window;
  };
  openWindow();

  const appName = app.getName();
  const isMac = process.platform === 'darwin';
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({
        appName,
        isMac,
        isDev,
        openExternal,
        log,
        sendCommand: (command) => {
          if (mainWindow && !mainWindow.isDestroyed())
            mainWindow.webContents.send('app:command', { command });
        },
      }),
    ),
  );

  // macOS keeps the app (and its core) running with no window; the dock icon opens a new one.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('window-all-closed', () => {
    if (!isMac) app.quit();
  });
}

/** Holds the first quit until the core has stopped polling and closed the sandbox, then quits for real. */
function disposeBeforeQuit(core: AppCore, unregisterIpc: () => void): void {
  let state: 'running' | 'disposing' | 'disposed' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'disposed') return;
    event.preventDefault();
    if (state === 'disposing') return;
    state = 'disposing';
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, DISPOSE_TIMEOUT_MS).unref());
    void Promise.race([core.dispose(), timeout])
      .catch((error: unknown) => log(`Disposing the core failed: ${(error as Error).message}`))
      .finally(() => {
        state = 'disposed';
        unregisterIpc();
        app.quit();
      });
  });
}
