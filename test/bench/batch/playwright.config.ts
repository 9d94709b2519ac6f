// `npm run bench:batch`: the e2e set-up (built renderer in Debian's Chromium, real core and sandbox), one
// worker so that nothing else competes for the two cores while the page's tasks are timed.
import { defineConfig } from '@playwright/test';
import e2e from '../../../playwright.config';

export default defineConfig({
  ...e2e,
  testDir: '.',
  testMatch: '*.bench.ts',
  testIgnore: [],
  globalSetup: '../../e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 600_000,
  // No trace: its DOM snapshots are taken in the page's main thread, long tasks that are not the app's.
  use: { ...e2e.use, trace: 'off' },
  reporter: [['list']],
});
