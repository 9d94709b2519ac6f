// The e2e harness: runs the REAL app core (with the real sandbox behind it) in the test process behind the
// REAL browser host, which serves the built renderer (out/renderer) and the IPC contract over its
// WebSocket: the page builds `window.api` itself, as it does for people who run the app in a browser.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { teamHistoryFor } from '../../electron/core/team/team-connection';
import { createAppCore } from '../../electron/core/app/create-app-core';
import type { AppCore } from '../../electron/core/app/app-core.types';
import type { UpdatesHost } from '../../electron/core/updates/updates-host';
import { KeytarSecretStore, NO_KEYCHAIN_REASON } from '../../electron/core/accounts/keytar-secret-store';
import { MemorySecretStore, type SecretStore } from '../../electron/core/accounts/secret-store';
import type { Channel } from '../../electron/shared/ipc/contract';
import { startBrowserHostServer } from '../../electron/browser-host/host-server';
import { PreviewLinks } from '../../electron/browser-host/preview-links';
import { RENDERER_DIR } from '../../electron/browser-host/start-browser-host';
import { createSandboxLauncher } from '../../electron/node-host/sandbox-launcher';
import { loadSeedFile, startSandbox, withFirstAccountKey, type RunningSandbox } from '../../electron/sandbox';
import { defaultSeedPath } from '../../electron/sandbox/default-seed';

/** Starts the real sandbox with the default seed; its first account takes `apiKey`. */
export async function startSeededSandbox(
  apiKey: string,
  dataDir: string | null = null,
): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    seed: withFirstAccountKey(loadSeedFile(defaultSeedPath()), apiKey),
    dataDir,
  });
}

export { NO_KEYCHAIN_REASON };

/** A computer without any keychain: every use fails, as keytar does without a Secret Service. */
class MissingKeychain implements SecretStore {
  async availability(): Promise<{ available: false; reason: string }> {
    return { available: false, reason: NO_KEYCHAIN_REASON };
  }
  get(): Promise<string | null> {
    return Promise.reject(new Error('no keychain'));
  }
  set(): Promise<void> {
    return Promise.reject(new Error('no keychain'));
  }
  delete(): Promise<boolean> {
    return Promise.reject(new Error('no keychain'));
  }
}

export type KeychainMode = 'available' | 'missing';

/** A real keychain when a D-Bus session is there (gnome-keyring in CI), memory otherwise. */
async function secretStore(mode: KeychainMode): Promise<{ store: SecretStore; cleanup(): Promise<void> }> {
  if (mode === 'missing') return { store: new MissingKeychain(), cleanup: async () => {} };
  if (!process.env['DBUS_SESSION_BUS_ADDRESS'])
    return { store: new MemorySecretStore(), cleanup: async () => {} };
  const keytar = new KeytarSecretStore(`jrs-e2e-${process.pid}-${Date.now()}`);
  const ids = new Set<string>();
  const store: SecretStore = {
    availability: () => keytar.availability(),
    get: (id) => keytar.get(id),
    set: async (id, secret) => {
      ids.add(id);
      await keytar.set(id, secret);
    },
    delete: (id) => keytar.delete(id),
  };
  return {
    store,
    cleanup: async () => {
      for (const id of ids) await keytar.delete(id).catch(() => false);
    },
  };
}

export interface Harness {
  readonly core: AppCore;
  /** The browser host's sign-in address (its token works once, within a minute). */
  url: string;
  /** A fresh sign-in address. */
  signInUrl(): string;
  dataDir: string;
  /** Files the page exported through the save dialog. */
  exports: string[];
  /** The folder the folder picker answers with (created on first use). */
  chosenFolder: string;
  /** What the page asked the system to do with downloaded files (paths, in order). */
  files: { opened: string[]; shown: string[]; dragged: string[] };
  /** The built-in sandboxes the core started (the newest last), to look into or slow down. */
  sandboxes: RunningSandbox[];
  /** Every channel the page called, in order. */
  calls: Channel[];
  /** Every answer and event that crossed into the page, as JSON (to prove no key ever does). */
  traffic: string[];
  /** Stops the core and opens a new one on the same data and keychain, as quitting and reopening does. */
  restart(): Promise<void>;
  /** Stops the browser host (the core stays), as stopping `jrs serve` does to an open page. */
  stopHost(): Promise<void>;
  /** Starts a new browser host on the same port and core: a restarted `jrs serve --port N`, new sessions. */
  startHost(): Promise<void>;
  dispose(): Promise<void>;
}

/** Creates the real core in a temp folder behind a browser host; the page then opens `url`. */
export async function installHarness(
  page: Page,
  options: {
    keychain?: KeychainMode;
    /** The gallery's thumbnail tools (a missing path: a computer without ffmpeg or pdftoppm). */
    thumbnailTools?: { ffmpeg?: string; pdftoppm?: string };
    /** The desktop app's updates (a feed and a stand-in for electron-updater); none, as in a browser, without. */
    updates?: UpdatesHost;
  } = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jrs-e2e-'));
  const secrets = await secretStore(options.keychain ?? 'available');
  const exports: string[] = [];
  const chosenFolder = join(dataDir, 'Chosen folder');
  const files = { opened: [] as string[], shown: [] as string[], dragged: [] as string[] };
  const sandboxes: RunningSandbox[] = [];
  // The host's signer of preview addresses, shared by core's fileShell and the host's route.
  const previews = new PreviewLinks();
  // Main's own launcher, as the app uses it.
  const sandboxLauncher = createSandboxLauncher({
    seedPath: defaultSeedPath(),
    onStarted: (running) => sandboxes.push(running),
  });
  // As a host starts: on the team database saved in the keychain (Settings → Team history), if one is.
  const openCore = async () =>
    createAppCore({
      team: await teamHistoryFor(secrets.store, {}),
      dataDir,
      downloadsDir: join(dataDir, 'Downloads'),
      secrets: secrets.store,
      sandbox: sandboxLauncher,
      thumbnailTools: options.thumbnailTools,
      updates: options.updates,
      // The native save dialog, answered as a person would: a file in the test's own folder.
      dialogs: {
        async chooseSaveFile({ defaultName }) {
          const path = join(dataDir, `${exports.length}-${defaultName}`);
          exports.push(path);
          return path;
        },
        async chooseFolder() {
          mkdirSync(chosenFolder, { recursive: true });
          return chosenFolder;
        },
      },
      // The system's side of downloaded files, recorded; previews load through the route below.
      fileShell: {
        open: async (path) => void files.opened.push(path),
        showInFolder: (path) => void files.shown.push(path),
        startDrag: (path) => void files.dragged.push(path),
        // The harness stands in for the desktop app's host here (the browser host's own is tested apart).
        canDragOut: true,
        previewUrl: (jobId) => previews.path(jobId),
      },
    });
  const calls: Channel[] = [];
  const traffic: string[] = [];

  let core = await openCore();
  const openHost = (port?: number) =>
    startBrowserHostServer({
      core,
      rendererDir: RENDERER_DIR,
      previews,
      port,
      tap: { onCall: (channel) => calls.push(channel), onSent: (json) => traffic.push(json) },
    });
  let host = await openHost();
  let hostStopped = false;
  // Marks the page as a test, so it exposes its stores' state (src/app/debug-state.ts).
  await page.addInitScript({ content: 'window.__JRS_TEST__ = true;' });

  return {
    get core() {
      return core;
    },
    url: host.url,
    signInUrl: () => host.signInUrl(),
    async stopHost() {
      hostStopped = true;
      await host.close();
    },
    async startHost() {
      host = await openHost(host.port);
      hostStopped = false;
    },
    dataDir,
    exports,
    chosenFolder,
    files,
    sandboxes,
    calls,
    traffic,
    async restart() {
      await core.dispose();
      core = await openCore();
      host.replaceCore(core);
    },
    async dispose() {
      if (!hostStopped) await host.close();
      await core.dispose();
      await secrets.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
