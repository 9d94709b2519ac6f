// axe on every main screen, in the light and the dark theme: no serious or critical violations.
import type { Page, TestInfo } from '@playwright/test';
import { expectAccessible as axeCheck } from './axe';
import { expect, test } from './fixtures';
import {
  chooseProject,
  startOnSandbox,
  tourAccountDialogs,
  tourFormChecks,
  tourQueue,
  tourSettings,
  tourBatches,
} from './helpers';
import { tourTrustScreens } from './tour-trust';

const expectAccessible = (page: Page, testInfo: TestInfo, screen: string) => axeCheck(page, screen, testInfo);

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every main screen passes axe in the ${colorScheme} theme`, async ({ page, app: _app }, testInfo) => {
    // Every screen, a finished job and a small batch: more than the default minute on 2 busy cores.
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });

    await expect(page.getByRole('button', { name: /try it without an account/i })).toBeVisible();
    await expectAccessible(page, testInfo, 'welcome');

    await page.getByRole('button', { name: /connect an account/i }).click();
    await expectAccessible(page, testInfo, 'connect-account');
    await page.getByRole('button', { name: 'Connect account' }).click();
    await expect(page.getByText('Give the account a name.')).toBeVisible();
    await expectAccessible(page, testInfo, 'connect-account-invalid');
    await page.getByRole('button', { name: 'Back' }).click();

    await startOnSandbox(page);
    await expectAccessible(page, testInfo, 'project-list');

    await chooseProject(page, /Spring Launch Spokesperson/);
    await expectAccessible(page, testInfo, 'job-form');
    await tourFormChecks(page, (name) => expectAccessible(page, testInfo, name));

    await chooseProject(page, /Weekly Podcast Intro/);
    await page.getByLabel('Intro script').fill('Hello from the accessibility check.');
    await page.getByRole('textbox', { name: /Voice sample/ }).fill('https://example.com/voice.mp3');
    await page.getByRole('button', { name: 'Submit job' }).click();
    await expect(page.getByRole('list', { name: 'Submitted jobs' }).getByRole('listitem')).toHaveCount(1);
    await expectAccessible(page, testInfo, 'jobs-list');
    // The podcast's values stay after the submit: another project and back shows them as its draft.
    await chooseProject(page, /Spring Launch Spokesperson/);
    await chooseProject(page, /Weekly Podcast Intro/);
    await expect(page.getByText('Your last values are back')).toBeVisible();
    await expectAccessible(page, testInfo, 'job-form-draft');
    // Finished, its file saved (the sandbox account downloads automatically): the drawer shows the File part.
    await expect(
      page.getByRole('list', { name: 'Submitted jobs' }).getByText('Succeeded', { exact: true }),
    ).toBeVisible({ timeout: 30_000 });
    await tourQueue(page, (name) => expectAccessible(page, testInfo, name));
    await tourSettings(page, (name) => expectAccessible(page, testInfo, name));
    await tourBatches(page, (name) => expectAccessible(page, testInfo, name));

    await tourAccountDialogs(page, (name) => expectAccessible(page, testInfo, name));
  });
}

// The screens of issue 16 (no keychain: the key's place, its badges; the history notice; the browser host's
// own pages), at the usual window size and at the smallest the app supports.
test.describe('on a computer without a keychain', () => {
  test.use({ keychain: 'missing' });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the trust screens pass axe in the ${colorScheme} theme, ${colorScheme === 'light' ? 'wide and small' : 'small'}`, async ({
      page,
      app,
    }, testInfo) => {
      // Eleven screens at two sizes, each axe run a few seconds on 2 busy cores.
      test.setTimeout(420_000);
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await expect(page.getByRole('button', { name: /try it without an account/i })).toBeVisible();
      await tourTrustScreens(page, app, colorScheme, async (name, tab, show) => {
        await tab.bringToFront();
        for (const size of [
          { width: 1280, height: 800 },
          { width: 800, height: 560 },
        ]) {
          await tab.setViewportSize(size);
          await show?.scrollIntoViewIfNeeded();
          // Contrast differs by theme, layout by size: light at both sizes, dark at the small one.
          if (colorScheme === 'light' || size.width === 800)
            await expectAccessible(tab, testInfo, `${name}-${size.width}x${size.height}`);
        }
        await tab.setViewportSize({ width: 1280, height: 800 });
      });
    });
  }
});
