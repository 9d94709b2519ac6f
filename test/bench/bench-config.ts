// The Playwright set-up every page benchmark shares: the e2e set-up (built renderer in Debian's Chromium,
// real core and sandbox), one worker so that nothing else competes for the two cores while the page's tasks
// are timed, and no trace (its DOM snapshots run in the page's main thread: long tasks not the app's).
// Paths stay relative to the bench's own config file, which Playwright resolves them from.
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import e2e from '../../playwright.config';

export function benchConfig(timeoutMs: number): PlaywrightTestConfig {
  return defineConfig({
    ...e2e,
    testDir: '.',
    testMatch: '*.bench.ts',
    testIgnore: [],
    globalSetup: '../../e2e/global-setup.ts',
    fullyParallel: false,
    workers: 1,
    timeout: timeoutMs,
    use: { ...e2e.use, trace: 'off' },
    reporter: [['list']],
  });
}
