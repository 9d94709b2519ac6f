// electron-updater behind core's UpdateInstaller port, and nothing more: core reads the feed and decides when
// to look and what to offer (core/updates); this only downloads (autoDownload), reports back, and installs on
// the person's Restart now, or at a normal quit while the person lets the app update.
import { join } from 'node:path';
import { app, net } from 'electron';
import { autoUpdater } from 'electron-updater';
import { readAppUpdateConfig, type UpdateFeed } from '../core/updates/feed-config';
import type { InstallerEvent, UpdateInstaller, UpdatesHost } from '../core/updates/updates-host';

/** The feed this copy was built with: only a packaged copy built with JRS_UPDATE_URL has app-update.yml. */
function builtFeed(log: (line: string) => void): UpdateFeed | null {
  if (!app.isPackaged) return null;
  try {
    return readAppUpdateConfig(join(process.resourcesPath, 'app-update.yml'), {
      platform: process.platform,
      arch: process.arch,
    });
  } catch (error) {
    log((error as Error).message);
    return null;
  }
}

function electronInstaller(log: (line: string) => void): UpdateInstaller {
  const listeners = new Set<(event: InstallerEvent) => void>();
  const tell = (event: InstallerEvent) => {
    for (const listener of listeners) listener(event);
  };
  autoUpdater.autoDownload = true;
  autoUpdater.logger = {
    info: (message?: unknown) => log(`[updater] ${String(message)}`),
    warn: (message?: unknown) => log(`[updater] ${String(message)}`),
    error: (message?: unknown) => log(`[updater] ${String(message)}`),
  };
  autoUpdater.on('download-progress', (progress) => tell({ kind: 'progress', percent: progress.percent }));
  autoUpdater.on('update-downloaded', (info) => tell({ kind: 'downloaded', version: info.version }));
  autoUpdater.on('update-not-available', () => tell({ kind: 'not-available' }));
  autoUpdater.on('error', (error) => tell({ kind: 'failed', message: error.message }));
  return {
    // electron-updater reads the channel file again itself and, with autoDownload, downloads what it offers.
    download: async () => {
      await autoUpdater.checkForUpdates();
    },
    restart: () => autoUpdater.quitAndInstall(),
    setInstallOnQuit: (on) => {
      autoUpdater.autoInstallOnAppQuit = on;
    },
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A copy without a feed never touches electron-updater (creating it already looks for the app's format). */
const idleInstaller: UpdateInstaller = {
  download: async () => undefined,
  restart: () => undefined,
  setInstallOnQuit: () => undefined,
  onEvent: () => () => undefined,
};

export function electronUpdates(log: (line: string) => void): UpdatesHost {
  const feed = builtFeed(log);
  return {
    currentVersion: app.getVersion(),
    feed,
    // Chromium's network stack, as electron-updater's own requests: the system's proxy settings apply.
    fetch: (input, init) => net.fetch(input instanceof URL ? input.toString() : input, init),
    installer: feed ? electronInstaller(log) : idleInstaller,
  };
}
