// The Results screen (issue 17 item 8) through the real core and sandbox: jobs of every kind finish and
// download, and the gallery shows a picture of each (blob: images core made with ffmpeg and pdftoppm) and a
// play button for audio; it filters by project and batch, moves by the arrow keys, opens, shows in the
// folder and drags out by job (core finds the file); axe finds nothing serious at both sizes, both themes.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { installHarness, type Harness } from './harness';
import { startOnSandbox } from './helpers';
import {
  expectPictures,
  GALLERY_BATCH,
  resultCards,
  resultsScreen,
  submitGalleryJobs,
  tourGalleryScreens,
} from './tour-gallery';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 560 },
] as const;

/** axe at both sizes in both themes; the part shown stays inside the window (nothing cut off to the right). */
async function checkEverywhere(name: string, page: Page, show?: Locator): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      if (show) await show.scrollIntoViewIfNeeded();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `${name} ${colorScheme} ${size.width}×${size.height}`,
      ).toEqual([]);
      const overflow = await page.evaluate(() => {
        const screen = document.querySelector('section#results');
        return screen ? screen.scrollWidth - screen.clientWidth : 0;
      });
      expect(
        overflow,
        `${name} at ${size.width}×${size.height}: nothing off to the side`,
      ).toBeLessThanOrEqual(0);
      if (process.env['GALLERY_SHOTS']) {
        await page.screenshot({ path: `/tmp/gallery-${name}-${colorScheme}-${size.width}.png` });
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES[0]);
}

test('the tour: every kind shown, filtered by project, a result’s actions from the keyboard; axe clean', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  const visited: string[] = [];
  await tourGalleryScreens(page, app, async (name, tab, show) => {
    visited.push(name);
    await checkEverywhere(name, tab, show);
  });
  expect(visited).toEqual(['22a-results-gallery', '22b-results-by-project', '22c-results-item-actions']);
});

async function openResults(page: Page, app: Harness): Promise<number> {
  await startOnSandbox(page);
  const total = await submitGalleryJobs(app);
  await page.keyboard.press('Control+5');
  await expect(page.getByRole('heading', { name: 'Results', level: 2 })).toBeFocused();
  await expect(resultCards(page)).toHaveCount(total);
  return total;
}

test('filters by project and batch, moves by the arrow keys, and opens, shows and drags the file core finds', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  // The small window: three cards a row, so the six results make two rows.
  await page.setViewportSize({ width: 800, height: 560 });
  const total = await openResults(page, app);
  await expectPictures(page, total - 1);
  const screen = resultsScreen(page);

  // By batch: the two banners of the sheet; then the jobs sent one by one.
  await screen.getByRole('combobox', { name: 'Batch' }).selectOption({ label: GALLERY_BATCH });
  await expect(resultCards(page)).toHaveCount(2);
  await expect(resultCards(page).first()).toContainText(GALLERY_BATCH);
  await screen.getByRole('combobox', { name: 'Batch' }).selectOption({ label: 'Not in a batch' });
  await expect(resultCards(page)).toHaveCount(total - 2);
  await screen.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Social Banner 1080x1080' });
  await expect(resultCards(page)).toHaveCount(1);
  await screen.getByRole('combobox', { name: 'Batch' }).selectOption({ label: GALLERY_BATCH });
  await expect(resultCards(page)).toHaveCount(2);
  await screen.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Weekly Podcast Intro' });
  await expect(page.getByText('No results match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Show all results' }).click();
  await expect(resultCards(page)).toHaveCount(total);

  // One card in the Tab order; the arrows move focus (and it) through the grid, row by row.
  const cards = resultCards(page);
  await expect(page.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);
  await cards.first().focus();
  const columns = Number(await page.getByRole('grid', { name: 'Results' }).getAttribute('aria-colcount'));
  expect(columns).toBe(3);
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(1)).toBeFocused();
  await expect(cards.nth(1)).toHaveAttribute('tabindex', '0');
  await expect(cards.first()).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowDown');
  await expect(cards.nth(1 + columns)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(cards.nth(columns)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(cards.first()).toBeFocused();
  await page.keyboard.press('Control+End');
  await expect(cards.nth(total - 1)).toBeFocused();
  await page.keyboard.press('Control+Home');
  await expect(cards.first()).toBeFocused();
  // Tab leaves the grid and Shift+Tab comes back to the card last chosen.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  await expect(cards.nth(1)).not.toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(cards.nth(1)).toBeFocused();

  // Enter opens the focused result's file; the page named the job, core found the path it saved.
  const jobId = await cards.nth(1).getAttribute('data-job-id');
  const saved = (await app.core.handlers['downloads:list'](undefined)).find((d) => d.jobId === jobId);
  await page.keyboard.press('Enter');
  await expect.poll(() => app.files.opened).toEqual([saved!.path]);
  // Its menu by keyboard: Show in folder.
  await page.keyboard.press('Shift+F10');
  await page.getByRole('menuitem', { name: 'Show in folder' }).click();
  await expect.poll(() => app.files.shown).toEqual([saved!.path]);
  await expect(cards.nth(1)).toBeFocused();
  // Dragged out (the harness stands for the desktop app, which can).
  await cards.nth(1).dispatchEvent('dragstart');
  await expect.poll(() => app.files.dragged).toEqual([saved!.path]);
});

test('audio plays from its card, by Space or its button, and pauses again', async ({ page, app }) => {
  test.setTimeout(120_000);
  await openResults(page, app);
  const card = page.locator('[role="gridcell"][data-kind="audio"]');
  await card.focus();
  await page.keyboard.press('Space');
  const play = card.getByRole('button', { name: /^Pause .*\.wav$/ });
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  const audio = card.locator('audio');
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(0);
  await card.getByRole('button', { name: /^Pause / }).click();
  await expect(card.getByRole('button', { name: /^Play .*\.wav$/ })).toHaveAttribute('aria-pressed', 'false');
  expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);

  // Playing, then another screen: the sound stops there, and does not start again on coming back.
  await card.getByRole('button', { name: /^Play / }).click();
  await expect(card.getByRole('button', { name: /^Pause / })).toBeVisible();
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
  await page.getByRole('link', { name: 'Queue' }).click();
  // Stopped by leaving, not over by itself (the sound lasts about 8 s).
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused && !element.ended))
    .toBe(true);
  await page.getByRole('link', { name: 'Results' }).click();
  await expect(card.getByRole('button', { name: /^Play .*\.wav$/ })).toHaveAttribute('aria-pressed', 'false');
  expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
});

test('with nothing downloaded yet the screen says how results arrive', async ({ page, app: _app }) => {
  await startOnSandbox(page);
  await page.getByRole('link', { name: 'Results' }).click();
  await expect(page.getByText('No results yet')).toBeVisible();
  await expect(page.getByText(/choose Download in the Queue/)).toBeVisible();
});

test('without ffmpeg and pdftoppm: images and the video’s first frame from the files themselves, the PDF as an icon', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = await installHarness(page, {
    thumbnailTools: { ffmpeg: '/nonexistent/ffmpeg', pdftoppm: '/nonexistent/pdftoppm' },
  });
  try {
    await page.goto(app.url);
    await page.waitForURL((url) => !url.searchParams.has('token'));
    const total = await openResults(page, app);
    const grid = page.getByRole('grid', { name: 'Results' });
    // No picture core made; nothing says anything is broken.
    await expect(grid.locator('[data-picture="file"]')).toHaveCount(4);
    await expect(grid.locator('[data-picture="picture"]')).toHaveCount(0);
    const images = grid.locator('[data-kind="image"] img');
    await expect(images).toHaveCount(3);
    await expect
      .poll(() =>
        images.evaluateAll((all) =>
          (all as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0),
        ),
      )
      .toBe(true);
    // The video element loads only its metadata and first frame: no controls, not playing.
    const video = grid.locator('[data-kind="video"] video');
    await expect(video).toHaveAttribute('preload', 'metadata');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThanOrEqual(2);
    expect(
      await video.evaluate((element: HTMLVideoElement) => element.paused && element.videoWidth > 0),
    ).toBe(true);
    const pdf = grid.locator('[data-kind="pdf"]');
    await expect(pdf.locator('[data-picture="none"]')).toContainText('PDF');
    await expect(grid.getByText(/could not|broken|damaged/i)).toHaveCount(0);
    expect(total).toBe(6);
  } finally {
    await app.dispose();
  }
});
