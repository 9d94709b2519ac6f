// Playwright fixtures: per test a fresh real core (new data folder, new sandbox) behind a browser host,
// and the page opened on the host's address.
import { test as base, expect } from '@playwright/test';
import { installHarness, type Harness, type KeychainMode } from './harness';

interface TestFixtures {
  /** Whether the core finds a keychain (`test.use({ keychain: 'missing' })` for a computer without one). */
  keychain: KeychainMode;
  /** The harness, installed and the app opened. */
  app: Harness;
}

export const test = base.extend<TestFixtures>({
  keychain: ['available', { option: true }],
  app: async ({ page, keychain }, use) => {
    const harness = await installHarness(page, { keychain });
    await page.goto(harness.url);
    // The sign-in page hands the app its session and moves on to it, which takes the token out of the address.
    await page.waitForURL((url) => !url.searchParams.has('token'));
    await use(harness);
    await harness.dispose();
  },
});

export { expect };
