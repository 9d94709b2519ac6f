// Playwright fixtures: one renderer server and one bundled page bridge per worker, and per test a fresh
// real core (new data folder, new sandbox) wired into the page, which is then opened on the app.
import { test as base, expect } from '@playwright/test';
import {
  bundlePageBridge,
  installHarness,
  serveRenderer,
  type Harness,
  type KeychainMode,
  type RendererServer,
} from './harness';

interface WorkerFixtures {
  renderer: RendererServer;
  bridgeScript: string;
}

interface TestFixtures {
  /** Whether the core finds a keychain (`test.use({ keychain: 'missing' })` for a computer without one). */
  keychain: KeychainMode;
  /** The harness, installed and the app opened. */
  app: Harness;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  renderer: [
    // Playwright reads the fixtures a function needs from its first parameter, so it must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await serveRenderer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  // eslint-disable-next-line no-empty-pattern
  bridgeScript: [async ({}, use) => use(await bundlePageBridge()), { scope: 'worker' }],
  keychain: ['available', { option: true }],
  app: async ({ page, renderer, bridgeScript, keychain }, use) => {
    const harness = await installHarness(page, bridgeScript, { keychain });
    await page.goto(renderer.url);
    await use(harness);
    await harness.dispose();
  },
});

export { expect };
