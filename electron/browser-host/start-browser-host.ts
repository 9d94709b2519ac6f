// The browser host: one Node process running the app's core (the desktop app's user-data folder and
// keychain entries) that serves the built renderer to a browser on this computer, for machines where
// Electron cannot run. `npm start` falls back to it; `npm start -- --browser` and `jrs serve` choose it.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppCore, AppCoreDeps } from '../core/app/app-core.types';
import { hostCoreDeps } from '../node-host/open-host-core';
import { packageRoot } from '../node-shared/package-root';
import { systemFileShell } from '../node-host/system-shell';
import { AppError } from '../core/kernel/app-error';
import { createAppCore } from '../core/app/create-app-core';
import { hostDialogs } from './host-dialogs';
import { startBrowserHostServer, type BrowserHost } from './host-server';
import { PreviewLinks } from './preview-links';
import { removeLeftSignInFiles, removeSignInFile, writeSignInFile } from './sign-in-file';
import { SIGN_IN_TTL_MS } from './sign-in-links';

/** The built pages, in the package's out/ (a checkout's build or an installed copy). */
export const RENDERER_DIR = join(packageRoot(), 'out', 'renderer');

export interface StartOptions {
  port?: number;
  rendererDir?: string;
  log?: (line: string) => void;
  /** Replaces parts of the core's deps (tests: their own folder and keychain). */
  core?: Partial<AppCoreDeps>;
  /** The clock of sign-in links, sessions and previews (tests: fake time). */
  now?: () => number;
}

export interface RunningBrowserHost {
  host: BrowserHost;
  core: AppCore;
  /**
   * A fresh sign-in link in an owner-only file of the data folder, for the browser to be given the file's
   * path (never the link itself); the file is deleted once the link is used, void, or the host closes.
   */
  signInFile(): Promise<string>;
  close(): Promise<void>;
}

export async function startBrowserHost(options: StartOptions = {}): Promise<RunningBrowserHost> {
  const rendererDir = options.rendererDir ?? RENDERER_DIR;
  if (!existsSync(resolve(rendererDir, 'index.html')))
    throw new Error(
      `The app's pages are not built (no ${rendererDir}/index.html): run "npm run build" first.`,
    );
  const previews = new PreviewLinks(options.now);
  const deps = hostCoreDeps({
    fileShell: systemFileShell((jobId) => previews.path(jobId)),
    // A browser shows them itself, once the person allows it in Settings.
    notifier: { viaPage: true, notify: () => undefined, setBadgeCount: () => undefined },
    log: options.log,
    ...options.core,
  });
  mkdirSync(deps.dataDir, { recursive: true });
  const core = await createAppCore({ dialogs: hostDialogs(deps.downloadsDir), ...deps });
  // A host killed before it could delete its sign-in files left them here: dead links, but litter. One
  // written within a link's minute may be another host's on this folder, still good: it stays.
  const left = await removeLeftSignInFiles(deps.dataDir, SIGN_IN_TTL_MS);
  if (left > 0) options.log?.(`Deleted ${left} sign-in file(s) an earlier run left in ${deps.dataDir}.`);
  let host: BrowserHost;
  try {
    host = await startBrowserHostServer({
      core,
      rendererDir,
      port: options.port,
      log: options.log,
      now: options.now,
      previews,
    });
  } catch (error) {
    await core.dispose();
    throw error;
  }
  let closing: Promise<void> | null = null;
  // The sign-in files not deleted yet, and their deletions under way.
  const files = new Set<string>();
  const deletions = new Set<Promise<void>>();
  const drop = (path: string) => {
    if (!files.delete(path)) return;
    deletions.add(removeSignInFile(path).catch(() => undefined));
  };
  return {
    host,
    core,
    async signInFile() {
      let path: string | null = null;
      let spent = false;
      const url = host.signInUrl(() => {
        spent = true;
        if (path) drop(path);
      });
      try {
        path = await writeSignInFile(deps.dataDir, url);
      } catch (error) {
        throw new AppError(
          'storage',
          `No new sign-in link could be made: the sign-in file could not be written in ${deps.dataDir} ` +
            `(${(error as Error).message}). Make that folder writable or free some space, then try again.`,
          { cause: error },
        );
      }
      files.add(path);
      const written = path;
      if (spent) drop(written);
      // A link is void after its minute even if nobody used it: its file goes then too.
      else setTimeout(() => drop(written), SIGN_IN_TTL_MS).unref();
      return written;
    },
    close: () => {
      closing ??= (async () => {
        await host.close();
        for (const path of [...files]) drop(path);
        await Promise.all(deletions);
        await core.dispose();
      })();
      return closing;
    },
  };
}
