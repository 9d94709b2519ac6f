// The browser host: one Node process running the app's core (the desktop app's user-data folder and
// keychain entries) that serves the built renderer to a browser on this computer, for machines where
// Electron cannot run. `npm start` falls back to it; `npm start -- --browser` and `jrs serve` choose it.
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppCore, AppCoreDeps } from '../core/app/app-core.types';
import { FILE_ROUTE } from '../shared/ipc/socket-protocol';
import { hostCoreDeps } from '../node-host/open-host-core';
import { systemFileShell } from '../node-host/system-shell';
import { createAppCore } from '../core/app/create-app-core';
import { hostDialogs } from './host-dialogs';
import { startBrowserHostServer, type BrowserHost } from './host-server';

export const RENDERER_DIR = resolve(__dirname, '../../out/renderer');

export interface StartOptions {
  port?: number;
  rendererDir?: string;
  log?: (line: string) => void;
  /** Replaces parts of the core's deps (tests: their own folder and keychain). */
  core?: Partial<AppCoreDeps>;
}

export interface RunningBrowserHost {
  host: BrowserHost;
  core: AppCore;
  close(): Promise<void>;
}

export const previewPath = (jobId: string) => `${FILE_ROUTE}${encodeURIComponent(jobId)}`;

export async function startBrowserHost(options: StartOptions = {}): Promise<RunningBrowserHost> {
  const rendererDir = options.rendererDir ?? RENDERER_DIR;
  if (!existsSync(resolve(rendererDir, 'index.html')))
    throw new Error(
      `The app's pages are not built (no ${rendererDir}/index.html): run "npm run build" first.`,
    );
  const deps = hostCoreDeps({
    fileShell: systemFileShell(previewPath),
    // A browser shows them itself, once the person allows it in Settings.
    notifier: { viaPage: true, notify: () => undefined, setBadgeCount: () => undefined },
    log: options.log,
    ...options.core,
  });
  mkdirSync(deps.dataDir, { recursive: true });
  const core = await createAppCore({ dialogs: hostDialogs(deps.downloadsDir), ...deps });
  let host: BrowserHost;
  try {
    host = await startBrowserHostServer({ core, rendererDir, port: options.port, log: options.log });
  } catch (error) {
    await core.dispose();
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    host,
    core,
    close: () => {
      closing ??= (async () => {
        await host.close();
        await core.dispose();
      })();
      return closing;
    },
  };
}
