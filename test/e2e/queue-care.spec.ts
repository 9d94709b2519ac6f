// The Queue's care of issue 17 through the real core and sandbox: requeue and "Retry failed" say what they
// will cost and ask once; the details follow a requeued job; the columns show whole at 1280 px; an outage is
// said in a banner with when the statuses were last confirmed, and the polling takes up again; a value's
// signed link is shown by its file name; a file saved before the download folder changed is offered again.
import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { grid, rowWith, submitSome, tourQueueCareScreens } from './tour-queue-care';
import { startOnSandbox } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 560 },
];

async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${name}: serious or critical axe violations`).toEqual([]);
}

/** Each status cell (and the badge in it) shows its words whole: nothing scrolls or ellipsises. */
async function expectWholeStatuses(page: Page): Promise<void> {
  const cut = await grid(page)
    .locator('.grid-body-row .col-status')
    .evaluateAll((cells) =>
      cells.flatMap((cell) =>
        [cell, ...cell.querySelectorAll<HTMLElement>('*')]
          .filter((node) => node.scrollWidth > node.clientWidth + 0.5 && node.clientWidth > 0)
          .map(
            (node) => `${node.className}: “${node.textContent}” ${node.scrollWidth} > ${node.clientWidth}`,
          ),
      ),
    );
  expect(cut, 'status words cut off').toEqual([]);
}

/** Nothing of the part the screen is about lies outside the window. */
async function expectOnScreen(page: Page, part: Locator): Promise<void> {
  const box = await part.boundingBox();
  const size = page.viewportSize()!;
  expect(box, 'the part shows').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width + 0.5);
}

test('requeue and retry ask with their cost, details follow a requeue, columns whole, the outage banner, link names', async ({
  page,
  app,
}) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const seen: string[] = [];
  await tourQueueCareScreens(page, app, async (name, tab, show) => {
    seen.push(name);
    for (const size of SIZES) {
      await tab.setViewportSize(size);
      if (show) await show.scrollIntoViewIfNeeded();
      if (name === '20d-queue-whole-columns' && size.width === 1280) await expectWholeStatuses(tab);
      if (show && name !== '20d-queue-whole-columns') await expectOnScreen(tab, show);
      await expectAccessible(tab, `${name} ${size.width}×${size.height}`);
      await tab.screenshot({ path: `/tmp/queue-care-${name}-${size.width}.png` });
    }
    await tab.setViewportSize(SIZES[0]!);
    if (name === '20c-details-after-requeue') {
      const drawer = tab.getByRole('dialog', { name: 'Job details' });
      // The new run's state, not the old one's: no output yet, no record of the run before.
      await expect(drawer.locator('.fact').filter({ hasText: 'Output' })).toContainText('Not ready yet');
      await expect(drawer).not.toContainText('Finished');
    }
    if (name === '20e-offline-banner') {
      await expect(show!).toContainText(
        /Can’t reach the service since \d{2}:\d{2} — statuses as of \d{2}:\d{2}\. Trying again in the background\./,
      );
      // Try now while it is still down: the banner stays, said again.
      await show!.getByRole('button', { name: 'Try now' }).click();
      await expect(show!).toBeVisible();
    }
    if (name === '20f-drawer-link-name') {
      await expect(
        page.getByRole('dialog', { name: 'Job details' }).locator('.value-list'),
      ).not.toContainText('X-Amz-Signature');
      await expect(show!.getByRole('button', { name: /^Copy the link of (Product )?photo$/ })).toBeVisible();
    }
  });
  expect(seen).toEqual([
    '20a-requeue-confirm',
    '20b-retry-failed-confirm',
    '20c-details-after-requeue',
    '20d-queue-whole-columns',
    '20e-offline-banner',
    '20f-drawer-link-name',
  ]);
  // Cancelled questions spent nothing: the batch's rows were not sent again, the other podcast never ran twice.
  await expect(rowWith(page, 'Lagos')).toContainText('Succeeded');
});

test('a file saved before the download folder changed is offered again in the chosen folder', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await startOnSandbox(page);
  await submitSome(app);
  await page.getByRole('link', { name: 'Queue' }).click();
  await expect(rowWith(page, 'Berlin')).toContainText('Succeeded', { timeout: 30_000 });
  await rowWith(page, 'Berlin').dblclick();
  const drawer = page.getByRole('dialog', { name: 'Job details' });
  await expect(drawer.getByRole('button', { name: 'Show in folder' })).toBeVisible({ timeout: 20_000 });
  await expect(drawer.getByTestId('saved-elsewhere')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close the details' }).click();

  // Settings → Choose folder… (the harness's picker answers with its chosen folder) → Save.
  await page.keyboard.press('Control+4');
  await page.getByRole('button', { name: 'Choose folder…' }).click();
  await expect(page.getByLabel('Download folder')).toHaveValue(app.chosenFolder);
  const form = page.getByRole('form', { name: 'Download settings' });
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved. New downloads use these settings.')).toBeVisible();

  await page.keyboard.press('Control+2');
  await rowWith(page, 'Berlin').dblclick();
  const elsewhere = drawer.getByTestId('saved-elsewhere');
  await expect(elsewhere).toContainText('Saved in another folder than the one chosen now');
  await elsewhere.getByRole('button', { name: 'Save it in the chosen folder' }).click();
  await expect(drawer.getByTestId('saved-elsewhere')).toHaveCount(0, { timeout: 20_000 });
  await expect(drawer.getByRole('button', { name: 'Show in folder' })).toBeVisible();
  const saved = await app.core.handlers['downloads:list'](undefined);
  const berlin = saved.find((download) => download.path.includes('Berlin'));
  expect(berlin?.state).toBe('done');
  expect(berlin!.path.startsWith(app.chosenFolder)).toBe(true);
  expect(existsSync(berlin!.path)).toBe(true);
});
