// The screenshot tour (run by `npm run screenshots`, not by the regular suite): every main screen in the
// light and the dark theme, written to test/screenshots/<theme>-<screen>.png.
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  chooseProject,
  dropImage,
  startOnSandbox,
  tourAccountDialogs,
  tourFormChecks,
  tourQueue,
  tourSettings,
  tourBatches,
} from './helpers';
import { startSeededSandbox } from './harness';
import { tourTrustScreens, type TrustVisit } from './tour-trust';
import { ISSUE_17_TOURS, type Tour } from './tours-issue17';
import { tourUpdatesScreens } from './tour-updates';
import { tourTeamCreditsScreens } from './tour-team-credits';
import { tourTeamHistoryScreens } from './tour-team-history';

const OUT = resolve(__dirname, '../screenshots');
const THEMES = ['light', 'dark'] as const;

async function shot(page: Page, theme: string, name: string): Promise<void> {
  await page.waitForTimeout(250); // let transitions settle
  await page.screenshot({ path: resolve(OUT, `${theme}-${name}.png`) });
}

/** Another account on a slow CDN: its job's file is seen downloading in the queue and the drawer. */
async function shotDownloadUnderWay(page: Page, theme: string): Promise<void> {
  const key = 'screenshot-key-0000-slow';
  const sandbox = await startSeededSandbox(key);
  try {
    sandbox.faults.set({ cdnBytesPerSecond: 6_000 });
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitem', { name: 'Add an account…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Account name').fill('Acme EU');
    await dialog.getByLabel('Service address').fill(sandbox.url);
    await dialog.getByLabel('API key').fill(key);
    await dialog.getByRole('button', { name: 'Connect account' }).click();
    await chooseProject(page, /Weekly Podcast Intro/);
    await page.getByLabel('Intro script').fill('This week: the spring launch, city by city.');
    await page.getByRole('textbox', { name: /Voice sample/ }).fill('https://example.com/voice.mp3');
    await page.getByRole('button', { name: 'Submit job' }).click();
    await page.getByRole('link', { name: 'Queue' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Weekly Podcast Intro' });
    await expect(row.locator('.col-file')).toHaveText(/^\d+ %$/, { timeout: 30_000 });
    await row.dblclick();
    await expect(page.getByRole('progressbar', { name: /Download of/ })).toBeVisible();
    await expect(page.getByTestId('downloads-summary')).toContainText('/s');
    await shot(page, theme, '09e-download-under-way');
    await page.getByRole('button', { name: 'Close the details' }).click();
    // Paused, then resumed at full speed to its end; then back to the sandbox account for the last screens.
    await page.getByRole('button', { name: 'Pause all' }).click();
    await expect(page.getByTestId('downloads-summary')).toHaveText('1 paused');
    sandbox.faults.set({ cdnBytesPerSecond: null });
    await page.getByRole('button', { name: 'Resume all' }).click();
    await expect(page.getByTestId('downloads-summary')).toHaveCount(0);
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitemradio', { name: /Sandbox/ }).click();
    await expect(page.getByRole('button', { name: /^Account: Sandbox/ })).toBeVisible();
  } finally {
    await sandbox.close();
  }
}

for (const theme of THEMES) {
  test(`screens in the ${theme} theme`, async ({ page, app: _app }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await expect(page.getByRole('button', { name: /try it without an account/i })).toBeVisible();
    await shot(page, theme, '01-welcome');

    await page.getByRole('button', { name: /connect an account/i }).click();
    await shot(page, theme, '02-connect-account');
    const sandbox = await startSeededSandbox('screenshot-key-0000-good');
    try {
      await page.getByLabel('Account name').fill('Acme marketing');
      await page.getByLabel('Service address').fill(sandbox.url);
      await page.getByLabel('API key').fill('a-wrong-key-1234');
      await page.getByRole('button', { name: 'Connect account' }).click();
      await expect(page.getByText('The service refused this API key')).toBeVisible();
      await shot(page, theme, '03-connect-account-refused');
    } finally {
      await sandbox.close();
    }
    await page.getByRole('button', { name: 'Back' }).click();

    await startOnSandbox(page);
    await shot(page, theme, '04-projects');

    await chooseProject(page, /Spring Launch Spokesperson/);
    await shot(page, theme, '05-job-form-talking-video');
    await page.locator('.form-panel').evaluate((panel) => panel.scrollTo({ top: panel.scrollHeight }));
    await shot(page, theme, '05b-job-form-background-music');
    await page.locator('.form-panel').evaluate((panel) => panel.scrollTo({ top: 0 }));
    const formShots: Record<string, string> = {
      'empty-fields-confirm': '06-empty-fields-confirm',
      'job-form-invalid': '06b-job-form-invalid',
    };
    await tourFormChecks(page, (name) => shot(page, theme, formShots[name] ?? name));
    await page.getByRole('button', { name: 'Clear form' }).click();

    await chooseProject(page, /Social Banner 1080x1080/);
    await page.getByLabel('Headline').fill('Spring is here');
    await page.getByLabel('Subline').fill('New colours, same comfort. In stores from Monday.');
    await page.getByLabel('Accent colour').fill('#FF6600');
    await dropImage(page, page.getByTestId('dropzone-field-f2'), 'banner-product.png');
    await expect(page.getByText('banner-product.png uploaded')).toBeVisible();
    await shot(page, theme, '07-job-form-image-dropped');
    await page.getByRole('button', { name: 'Submit job' }).click();
    await expect(page.getByText(/Job submitted/)).toBeVisible();
    await chooseProject(page, /Weekly Podcast Intro/);
    await page.getByLabel('Intro script').fill('Welcome back to the weekly show.');
    await page.getByRole('textbox', { name: /Voice sample/ }).fill('https://example.com/voice.mp3');
    await page.getByRole('button', { name: 'Submit job' }).click();
    await expect(page.getByText(/Job submitted/)).toBeVisible();
    await shot(page, theme, '08-jobs-running');
    await expect(
      page.getByRole('list', { name: 'Submitted jobs' }).getByText('Succeeded', { exact: true }),
    ).toHaveCount(2, { timeout: 30_000 });
    await shot(page, theme, '09-jobs-finished');
    // A project with finished jobs now has an expected cost; its draft came back after the switch.
    await chooseProject(page, /Social Banner 1080x1080/);
    await expect(page.getByTestId('cost-estimate')).toContainText('Expected cost: about');
    await shot(page, theme, '09a-form-draft-and-cost');
    const queueShots: Record<string, string> = {
      queue: '09b-queue',
      'job-details': '09c-job-details',
      'track-job-dialog': '09d-track-job',
    };
    await tourQueue(page, (name) => shot(page, theme, queueShots[name] ?? name));
    await tourSettings(page, (name) =>
      shot(page, theme, name === 'settings' ? '15-settings' : '15b-settings-template-parts'),
    );
    const batchShots: Record<string, string> = {
      'batches-empty': '16-batches-empty',
      'batch-preview': '16b-batch-preview',
      'batch-view': '16c-batch-view',
      'project-drop': '16d-project-drop',
      'batch-files-only': '16e-batch-files-only',
    };
    await tourBatches(page, (name) => shot(page, theme, batchShots[name] ?? name));

    const numbers: Record<string, string> = {
      'account-menu': '10',
      'add-account-dialog': '11',
      'remove-account-confirm': '12',
    };
    await tourAccountDialogs(page, (name) => shot(page, theme, `${numbers[name]}-${name}`));
    await page.getByRole('button', { name: 'Cancel' }).click();

    await shotDownloadUnderWay(page, theme);

    await page.setViewportSize({ width: 960, height: 800 });
    await shot(page, theme, '13-narrow-window');
    await page.setViewportSize({ width: 800, height: 560 });
    await page.getByRole('link', { name: 'Create' }).click();
    await shot(page, theme, '14a-create-smallest-window');
    await page.getByRole('link', { name: 'Queue' }).click();
    await shot(page, theme, '14-queue-smallest-window');
  });
}

/** The window sizes every screen of issues 16 and 17 is shot at: the usual one, and the smallest the app supports. */
const SIZES = [
  { width: 1280, height: 800, suffix: '' },
  { width: 800, height: 560, suffix: '-800x560' },
] as const;

test.describe('on a computer without a keychain', () => {
  test.use({ keychain: 'missing' });

  for (const theme of THEMES) {
    test(`trust screens in the ${theme} theme`, async ({ page, app }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await expect(page.getByRole('button', { name: /try it without an account/i })).toBeVisible();
      await tourTrustScreens(page, app, theme, shootAtBothSizes(theme));
    });
  }
});

/** Each visit shot at both window sizes, the part it is about scrolled into view after each resize. */
function shootAtBothSizes(theme: string): TrustVisit {
  return async (name, tab, show) => {
    for (const size of SIZES) {
      await tab.setViewportSize({ width: size.width, height: size.height });
      await show?.scrollIntoViewIfNeeded();
      await shot(tab, theme, `${name}${size.suffix}`);
    }
    await tab.setViewportSize({ width: 1280, height: 800 });
  };
}

/** Issue 17's areas, then Settings → Updates (issue 18), then who submitted what, the credits and the team history (issue 19). */
const LATER_TOURS: readonly (readonly [string, Tour])[] = [
  ...ISSUE_17_TOURS,
  ['updates', tourUpdatesScreens],
  ['team credits', tourTeamCreditsScreens],
  ['team history', tourTeamHistoryScreens],
];

for (const [area, tour] of LATER_TOURS) {
  for (const theme of THEMES) {
    test(`${area} in the ${theme} theme`, async ({ page, app }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await expect(page.getByRole('button', { name: /try it without an account/i })).toBeVisible();
      await tour(page, app, shootAtBothSizes(theme));
    });
  }
}
