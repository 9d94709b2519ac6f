// Settings → Updates for the screenshot tour and the accessibility check. In the harness (the browser host)
// it shows why there is nothing to update there; opened with `updates` (a feed and a stand-in for
// electron-updater, as updates.spec.ts does) it shows the desktop app's switch, status and Check now.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { Harness } from './harness';
import { startOnSandbox } from './helpers';
import type { TrustVisit } from './tour-trust';

/** From the first-run screen: the sandbox, then Settings (Ctrl+4) scrolled to Updates: visit `24a-settings-updates`. */
export async function tourUpdatesScreens(page: Page, app: Harness, visit: TrustVisit): Promise<void> {
  void app;
  await startOnSandbox(page);
  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeFocused();
  const section = page.getByRole('region', { name: 'Updates' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId('update-status')).not.toBeEmpty();
  await visit('24a-settings-updates', page, section);
}
