// Settings → Updates in a real browser, at both window sizes, light and dark, by keyboard, axe clean: the
// browser host's words (no switch), then the desktop app's with a real feed on loopback and a stand-in for
// electron-updater (which needs Electron): the switch kept across a reload, Check now, the download's
// percent, and the banner that asks before restarting.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { NOT_HERE_WORDS } from '../../electron/shared/domain/updates';
import { RecordingInstaller } from '../fixtures/recording-installer';
import { channelFileText, startUpdateFeedServer } from '../fixtures/update-feed-server';
import { expect, test } from './fixtures';
import { installHarness } from './harness';
import { startOnSandbox } from './helpers';
import { tourUpdatesScreens } from './tour-updates';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 560 },
] as const;

async function expectAccessible(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    `${screen}: serious or critical axe violations`,
  ).toEqual([]);
  void testInfo;
}

/**
 * The part shown whole inside the window's width at both sizes; axe in both themes at the small one (the
 * themes change colours, not layout; fewer runs keep CI's time).
 */
function visitWith(testInfo: TestInfo) {
  return async (name: string, tab: Page, show?: Locator) => {
    for (const size of SIZES) {
      await tab.setViewportSize(size);
      const themes = size.width === 800 ? (['light', 'dark'] as const) : (['light'] as const);
      for (const colorScheme of themes) {
        await tab.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        if (show) {
          await show.scrollIntoViewIfNeeded();
          const box = await show.boundingBox();
          expect(box, `${name}: shown`).not.toBeNull();
          expect(box!.x, `${name} at ${size.width}: not cut off on the left`).toBeGreaterThanOrEqual(0);
          expect(
            box!.x + box!.width,
            `${name} at ${size.width}: not cut off on the right`,
          ).toBeLessThanOrEqual(size.width);
        }
        if (size.width === 800) await expectAccessible(tab, testInfo, `${name}-${size.width}-${colorScheme}`);
        if (process.env['JRS_UPDATES_SHOTS'])
          await tab.screenshot({ path: `/tmp/updates-${name}-${size.width}-${colorScheme}.png` });
      }
    }
    await tab.setViewportSize(SIZES[0]);
  };
}

test('Settings → Updates: words in a browser; in the desktop app the switch, Check now, the download and Restart now / Later', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(150_000);
  const visit = visitWith(testInfo);

  // The browser host (jrs serve): nothing to update here, and it says why.
  await tourUpdatesScreens(page, app, visit);
  const section = page.getByRole('region', { name: 'Updates' });
  await expect(section.getByTestId('update-status')).toHaveText(NOT_HERE_WORDS);
  await expect(section.getByRole('switch')).toHaveCount(0);

  // The desktop app: a feed on loopback, electron-updater's part played by a recording stand-in.
  const feed = await startUpdateFeedServer();
  feed.put('latest-linux.yml', channelFileText('0.1.0'));
  const installer = new RecordingInstaller();
  const desktop = await installHarness(page, {
    updates: {
      currentVersion: '0.1.0',
      feed: { baseUrl: feed.url, channelFile: 'latest-linux.yml' },
      installer,
    },
  });
  try {
    await page.goto(desktop.url);
    await page.waitForURL((url) => !url.searchParams.has('token'));
    await startOnSandbox(page);
    await page.keyboard.press('Control+4');
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeFocused();
    const status = section.getByTestId('update-status');
    const toggle = section.getByRole('switch', { name: 'Look for updates automatically' });
    const checkNow = section.getByRole('button', { name: 'Check now' });

    await checkNow.click();
    await expect(status).toHaveText('Up to date: version 0.1.0 is the newest.');
    await expect(toggle).toBeChecked();
    await expect(section.getByText(/^Last looked at /)).toBeVisible();
    await visit('24a-settings-updates-desktop', page, section);

    // Turned off by keyboard, and still off after a reload (main keeps it).
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeFocused();
    await expect(status).toHaveText(/^Up to date/);
    await page.reload();
    await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible();
    await page.keyboard.press('Control+4');
    await expect(toggle).not.toBeChecked();
    await expect(section.getByText(/^When it starts and every day/)).toBeVisible();

    // A newer version on the feed: Check now (by keyboard) downloads it in the background.
    feed.put('latest-linux.yml', channelFileText('0.2.0'));
    await checkNow.focus();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Downloading version 0.2.0: 0%.');
    expect(installer.downloads).toBe(1);
    installer.report({ kind: 'progress', percent: 37.5 });
    await expect(status).toHaveText('Downloading version 0.2.0: 37%.');
    await expect(section.getByRole('progressbar', { name: 'Downloading version 0.2.0' })).toBeVisible();
    await visit('24b-settings-update-downloading', page, section);

    // Downloaded: the banner asks; nothing restarts until the person says so.
    installer.report({ kind: 'downloaded', version: '0.2.0' });
    const banner = page.getByRole('region', { name: 'Version 0.2.0 is ready' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Restart the app to install it.');
    await expect(status).toHaveText('Version 0.2.0 is downloaded: restart the app to install it.');
    await visit('24c-update-ready-banner', page, banner);
    expect(installer.restarts).toBe(0);

    await banner.getByRole('button', { name: 'Later' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    await expect(page.locator('#workspace')).toBeFocused();
    expect(installer.restarts).toBe(0);
    await section.getByRole('button', { name: 'Restart now' }).click();
    await expect.poll(() => installer.restarts).toBe(1);
    expect(feed.requests.length).toBeGreaterThanOrEqual(2);
  } finally {
    await desktop.dispose();
    await feed.close();
  }
});
