// The e2e harness: serves the built renderer (out/renderer) on loopback, runs the REAL app core (with the
// real sandbox behind it) in the test process, and installs `window.api` in the page with the preload's
// own buildWindowApi over a Playwright binding, so the renderer runs its real code path in Chromium.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import sirv from 'sirv';
import { createAppCore } from '../../electron/core/app/create-app-core';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { dispatch } from '../../electron/core/app/dispatch';
import { KeytarSecretStore, NO_KEYCHAIN_REASON } from '../../electron/core/accounts/keytar-secret-store';
import { MemorySecretStore, type SecretStore } from '../../electron/core/accounts/secret-store';
import type { Channel, EventName } from '../../electron/shared/ipc/contract';
import { createSandboxLauncher } from '../../electron/main/sandbox-launcher';
import { loadSeedFile, startSandbox, withFirstAccountKey, type RunningSandbox } from '../../electron/sandbox';
import { defaultSeedPath } from '../../electron/sandbox/default-seed';
import { decodeBytes } from './wire-bytes';

export const RENDERER_DIR = resolve(__dirname, '../../out/renderer');
/** Where the page loads a downloaded file's preview from (main uses its jrs-file: scheme instead). */
const PREVIEW_PATH = '/__downloads/';

export interface RendererServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the built renderer over http on 127.0.0.1 (a free port). */
export async function serveRenderer(dir = RENDERER_DIR): Promise<RendererServer> {
  const serve = sirv(dir, { single: true, dev: false, etag: true });
  const server: Server = createServer((request, response) => serve(request, response));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The page-side bridge (page-bridge.ts) bundled as one IIFE with Vite, so it reuses buildWindowApi. */
export async function bundlePageBridge(): Promise<string> {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: resolve(__dirname, 'page-bridge.ts'), formats: ['iife'], name: 'JrsPageBridge' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    for (const chunk of result.output) if (chunk.type === 'chunk') return chunk.code;
  }
  throw new Error('Bundling test/e2e/page-bridge.ts produced no script.');
}

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
  dispose(): Promise<void>;
}

/** Creates the real core in a temp folder and wires it to the page; call before page.goto. */
export async function installHarness(
  page: Page,
  bridgeScript: string,
  options: { keychain?: KeychainMode } = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jrs-e2e-'));
  const secrets = await secretStore(options.keychain ?? 'available');
  const exports: string[] = [];
  const chosenFolder = join(dataDir, 'Chosen folder');
  const files = { opened: [] as string[], shown: [] as string[], dragged: [] as string[] };
  const sandboxes: RunningSandbox[] = [];
  // Main's own launcher, as the app uses it.
  const sandboxLauncher = createSandboxLauncher({
    seedPath: defaultSeedPath(),
    onStarted: (running) => sandboxes.push(running),
  });
  const openCore = () =>
    createAppCore({
      dataDir,
      downloadsDir: join(dataDir, 'Downloads'),
      secrets: secrets.store,
      sandbox: sandboxLauncher,
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
        previewUrl: (jobId) => `${PREVIEW_PATH}${encodeURIComponent(jobId)}`,
      },
    });
  const calls: Channel[] = [];
  const traffic: string[] = [];

  const forward = (event: EventName, payload: unknown) => {
    traffic.push(JSON.stringify({ event, payload }));
    if (page.isClosed()) return;
    // As JSON text, parsed natively in the page: Playwright's own serializer walks every value in the page's
    // main thread, which for a batch of hundreds of jobs costs more than the app's work on it (Electron's
    // IPC uses the native structured clone, like JSON.parse here).
    page
      .evaluate(
        ([name, json]) =>
          (window as unknown as { __jrsEmit(e: string, p: unknown): void }).__jrsEmit(name, JSON.parse(json)),
        [event, JSON.stringify(payload)] as const,
      )
      .catch(() => undefined); // the page may be navigating or closing
  };
  let core = await openCore();
  let unsubscribe = core.onEvent(forward);

  await page.exposeBinding('__jrsInvoke', async (_source, channel: Channel, params: unknown) => {
    calls.push(channel);
    const result = await dispatch(core, channel, decodeBytes(params));
    traffic.push(JSON.stringify({ channel, result }));
    return result;
  });
  await page.addInitScript({ content: bridgeScript });
  // Main serves previews on its jrs-file: scheme; here the page's own origin does, from the same checked path.
  await page.route(`**${PREVIEW_PATH}*`, async (route) => {
    const jobId = decodeURIComponent(new URL(route.request().url()).pathname.slice(PREVIEW_PATH.length));
    const path = await core.downloadedFile(jobId);
    await (path ? route.fulfill({ path }) : route.fulfill({ status: 404, body: 'Not found' }));
  });

  return {
    get core() {
      return core;
    },
    dataDir,
    exports,
    chosenFolder,
    files,
    sandboxes,
    calls,
    traffic,
    async restart() {
      unsubscribe();
      await core.dispose();
      core = await openCore();
      unsubscribe = core.onEvent(forward);
    },
    async dispose() {
      unsubscribe();
      await core.dispose();
      await secrets.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
