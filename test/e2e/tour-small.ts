// The smaller screens of issue 17, in turn, for the screenshot tour and the accessibility check: the page
// whose browser host stopped (23a) and, once a host is back on the same port, its sign-in request (23b);
// the project search with the match Enter opens (23c); the default file name in Settings' template
// preview (23d). Starts from the first-run screen of a fresh harness and leaves the app signed in again.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { Harness } from './harness';
import { startOnSandbox } from './helpers';
import type { TrustVisit } from './tour-trust';

export async function tourSmallScreens(page: Page, app: Harness, visit: TrustVisit): Promise<void> {
  await startOnSandbox(page);

  // The host stops under the open page, then comes back on the same port (a restarted `jrs serve --port`).
  await app.stopHost();
  const lost = page.getByTestId('host-lost');
  await expect(page.getByRole('heading', { name: 'The app stopped' })).toBeVisible();
  await visit('23a-host-stopped', page, lost);
  await app.startHost();
  // On the real clock the page's own check may come first (the button is then busy, or gone with the
  // answer): Check now is pressed only while it is there to press.
  const back = page.getByRole('heading', { name: 'The app is running again: sign in' });
  await expect(async () => {
    const check = lost.getByRole('button', { name: 'Check now' });
    if (await check.isEnabled({ timeout: 500 }).catch(() => false))
      await check.click({ timeout: 1_000 }).catch(() => undefined);
    await expect(back).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await visit('23b-host-back-sign-in', page, lost);
  await page.goto(app.signInUrl());
  await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible({ timeout: 20_000 });

  // The search box leads into the list: its first match is marked, Enter opens it.
  const search = page.locator('#project-search');
  await search.focus();
  await page.keyboard.type('banner');
  const match = page.locator('.project-item.is-suggested');
  await expect(match).toContainText('Social Banner 1080x1080');
  await visit('23c-project-search-match', page, match);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Social Banner 1080x1080/ })).toBeVisible();

  // Settings → Downloads: the new default name, previewed on a sample job.
  await page.keyboard.press('Control+4');
  const preview = page.getByTestId('template-preview');
  await preview.scrollIntoViewIfNeeded();
  await expect(preview).toContainText(/ - [0-9a-f]{8}\.\w+$/);
  await visit('23d-download-name-preview', page, preview);
}
