// The screens issue 16 added, in turn, for the screenshot tour and the accessibility check: connecting an
// account on a computer without a keychain (the "where should the key go?" choice), the account's key badges
// (this session only, key missing after a restart, key file), the job history notice, and the browser
// host's own pages (a used and an expired sign-in link, a tab with no session). Needs the harness opened
// with `keychain: 'missing'`.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startBrowserHostServer } from '../../electron/browser-host/host-server';
import { SIGN_IN_TTL_MS } from '../../electron/browser-host/sign-in-links';
import { RENDERER_DIR } from '../../electron/browser-host/start-browser-host';
import { expect } from './fixtures';
import { startSeededSandbox, type Harness } from './harness';

const KEY = 'tour-trust-key-00000042';

/**
 * Called with each screen's name and the tab that shows it, while it shows; `show` is the part the screen is
 * about, to scroll into view again after a resize.
 */
export type TrustVisit = (name: string, tab: Page, show?: Locator) => Promise<void>;

/**
 * From the first-run screen: connects "Acme marketing" for this session only (no keychain), shows its badges,
 * restarts (key missing), gives the key again into a key file, deletes the history file, then opens the host's
 * own pages in other tabs of the same theme. Each screen's `visit` names: 17a…17k (see the calls below).
 */
export async function tourTrustScreens(
  page: Page,
  app: Harness,
  colorScheme: 'light' | 'dark',
  visit: TrustVisit,
): Promise<void> {
  const sandbox = await startSeededSandbox(KEY);
  try {
    await page.getByRole('button', { name: /connect an account/i }).click();
    await expect(page.getByText('No keychain was found')).toBeVisible();
    await page.getByLabel('Account name').fill('Acme marketing');
    await page.getByLabel('Service address').fill(sandbox.url);
    await page.getByLabel('API key').fill(KEY);
    await page.getByRole('button', { name: 'Connect account' }).click();
    await expect(page.getByText(/Choose “This session only” or “Save in a key file/)).toBeVisible();
    // Taken by keyboard, so the choice shows its focus ring (the form may move focus to it itself).
    const sessionOnly = page.getByRole('radio', { name: /This session only/ });
    await sessionOnly.focus();
    await page.keyboard.press('Space');
    await expect(sessionOnly).toBeChecked();
    await expect(sessionOnly).toBeFocused();
    await visit(
      '17a-connect-without-keychain',
      page,
      page.getByRole('group', { name: 'Where should the key go?' }),
    );
    await page.getByRole('button', { name: 'Connect account' }).click();
    await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible();

    const header = page.getByRole('button', { name: /^Account: Acme marketing/ });
    await expect(header).toContainText('This session only');
    await header.click();
    await expect(page.getByRole('menuitemradio', { name: /This session only/ })).toBeVisible();
    await visit('17b-account-session-only', page);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+4');
    const accounts = page.getByRole('list', { name: 'Accounts' });
    await expect(accounts.getByTestId('key-badge')).toHaveText('This session only');
    await visit('17c-settings-session-only', page, accounts);

    // Quit and reopen: listed with its key missing, in Settings and in the header's menu.
    await app.restart();
    await page.reload();
    // A shortcut pressed while the reloaded page still loads is lost: first the header, then Ctrl+4.
    await expect(page.getByRole('button', { name: /^Account: Acme marketing/ })).toBeVisible();
    await page.keyboard.press('Control+4');
    await expect(accounts.getByTestId('key-badge')).toHaveText('Key missing — add it again');
    await visit('17d-settings-key-missing', page, accounts);
    await page.getByRole('button', { name: /^Account: Acme marketing/ }).click();
    await expect(
      page.getByRole('menuitem', { name: 'Add the key of “Acme marketing” again…' }),
    ).toBeVisible();
    await visit('17e-account-menu-key-missing', page);
    await page.getByRole('menuitem', { name: 'Add the key of “Acme marketing” again…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add the key of “Acme marketing” again' });
    await dialog.getByLabel('API key').fill(KEY);
    await dialog.getByRole('radio', { name: /Save in a key file only you can read/ }).check();
    await visit('17f-add-key-again', page, dialog.getByRole('group', { name: 'Where should the key go?' }));
    await dialog.getByRole('button', { name: 'Connect account' }).click();
    await expect(dialog).toBeHidden();
    await expect(accounts.getByTestId('key-badge')).toHaveText('Key file');
    await visit('17g-settings-key-file', page, accounts);

    // The history file deleted while the app runs: the notice above the screens (the core looks every 2 s).
    await page.getByRole('link', { name: 'Create' }).click();
    const history = join(app.dataDir, 'history.sqlite');
    for (const suffix of ['', '-wal', '-shm']) rmSync(history + suffix, { force: true });
    await expect(page.getByRole('alert').filter({ hasText: 'Your job history' })).toBeVisible({
      timeout: 10_000,
    });
    // Reached by keyboard, so its focus ring shows.
    await page.getByRole('button', { name: 'Dismiss the notice about the job history' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: 'Dismiss the notice about the job history' }),
    ).toBeFocused();
    await visit('17h-history-notice', page);
  } finally {
    await sandbox.close();
  }

  // The host's own pages, in a browser window of their own (no session of the app's) in the same theme.
  const browser = page.context().browser();
  if (!browser) throw new Error('The tour needs the browser that opened the app.');
  const window = await browser.newContext({
    viewport: page.viewportSize(),
    colorScheme,
    reducedMotion: 'reduce',
  });
  const tab = await window.newPage();
  try {
    await tab.goto(app.url); // the fixture used it already
    await expect(tab.getByRole('heading', { name: 'This sign-in link was used already' })).toBeVisible();
    await visit('17i-sign-in-link-used', tab);

    // A link older than its minute, from a host of its own on the same core whose clock is moved on.
    let now = Date.now();
    const host = await startBrowserHostServer({ core: app.core, rendererDir: RENDERER_DIR, now: () => now });
    try {
      const link = host.signInUrl();
      now += SIGN_IN_TTL_MS + 1_000;
      await tab.goto(link);
      await expect(tab.getByRole('heading', { name: 'This sign-in link has expired' })).toBeVisible();
      await visit('17j-sign-in-link-expired', tab);
    } finally {
      await host.close();
    }

    await tab.goto(new URL(app.url).origin);
    await expect(tab.getByText(/not signed in to the app/).first()).toBeVisible();
    await visit('17k-not-signed-in', tab);
  } finally {
    await window.close();
  }
}
