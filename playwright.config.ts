// End-to-end tests: the built renderer in Debian's Chromium, driven through test/e2e/harness.ts against the
// real core and sandbox (browsers cannot be downloaded here, so Playwright's own are not used).
import { defineConfig } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'test/e2e',
  // The screenshot tour runs only from `npm run screenshots`.
  testIgnore: process.env['JRS_SCREENSHOTS'] ? [] : ['**/screenshots.spec.ts'],
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env['CI'],
  reporter: process.env['CI'] ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
  },
});
