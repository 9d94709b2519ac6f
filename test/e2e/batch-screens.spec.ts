// Issue 17 items 4–6, driven in the browser host against the real core and sandbox: the preview at 800×560
// (cells cut with "…" and whole in their title, the Problems column in view, an editor wider than its
// column, "2 problems", only the rows with problems, F8 from problem to problem and a fix by keyboard); the
// batch view numbering rows as the sheet does, with their names; a batch renamed and found by that name in
// the Queue's filter; a photos-only batch showing each photo's file; a batch whose every row failed saying
// so; each project's sample sheets read back clean; and the tour of these screens passing axe at both sizes.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { photosTransfer, startOnSandbox } from './helpers';
import {
  BANNER_PROJECT,
  bannerSheet,
  openPreview,
  QC_PROJECT,
  QC_SHEET,
  tourBatchScreensScreens,
} from './tour-batch-screens';

const focusText = (page: Page) => page.getByTestId('preview-focus');

test('the preview at 800×560: "…", Problems in view, a wide editor, only problems, F8 and a keyboard fix; the batch numbers rows as the sheet does, is renamed and found by name in the Queue', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 800, height: 560 });
  await startOnSandbox(page);
  await openPreview(page, BANNER_PROJECT, 'spring-cities.csv', bannerSheet());
  const wizard = page.getByRole('region', { name: /^New batch/ });
  const grid = wizard.getByRole('grid', { name: 'Rows of the sheet' });
  await expect(wizard.getByRole('button', { name: 'Submit 27 jobs' })).toBeVisible();
  await grid.scrollIntoViewIfNeeded();

  // The Problems column is on screen, inside the table, at 800 px.
  const problemsHead = grid.getByRole('columnheader', { name: 'Problems' });
  await expect(problemsHead).toBeInViewport({ ratio: 1 });
  const row5 = grid.getByRole('row').filter({ hasText: 'City 5,' });
  const row5Problems = row5.getByRole('gridcell').last();
  await expect(row5Problems).toContainText('“Product image” “http://cdn.example.com/city-5.png”');
  await expect(row5Problems).toBeInViewport({ ratio: 1 });
  const gridBox = (await grid.boundingBox())!;
  const cellBox = (await row5Problems.boundingBox())!;
  expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(gridBox.x + gridBox.width + 1);

  // A long value is cut with "…", the whole of it in the cell's title and said when the cell has focus.
  const row2 = grid.getByRole('row').filter({ hasText: 'City 2,' });
  const headline = row2.getByRole('gridcell').nth(3);
  await expect(headline).toHaveAttribute('title', 'Spring is here in City 2, with offers all week');
  const cut = await headline.locator('.cell-text').evaluate((element) => ({
    overflow: getComputedStyle(element).textOverflow,
    cut: element.scrollWidth > element.clientWidth,
  }));
  expect(cut).toEqual({ overflow: 'ellipsis', cut: true });

  // Two problems in a row are counted in words; never "1 problems".
  await expect(
    grid.getByRole('row').filter({ hasText: 'City 12,' }).getByRole('gridcell').last(),
  ).toContainText(/^2 problems: Row 12:/);
  await expect(wizard).not.toContainText(/\b1 problems\b/);

  // The editor is wider than its 140 px column.
  await row2.getByRole('button', { name: 'Edit row 2, Headline' }).focus();
  await page.keyboard.press('Enter');
  const editor = wizard.getByLabel('New value');
  await expect(editor).toBeFocused();
  expect((await editor.boundingBox())!.width).toBeGreaterThanOrEqual(300);
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  // Only the three rows with problems, then F8 from problem to problem, Shift+F8 back.
  // By keyboard: Space on the filter, then F8.
  await wizard.getByLabel('Only rows with problems (3)').focus();
  await page.keyboard.press('Space');
  await expect(wizard.getByLabel('Only rows with problems (3)')).toBeChecked();
  await expect(grid.getByRole('row')).toHaveCount(4);
  await page.keyboard.press('F8');
  await expect(focusText(page)).toContainText('Row 5, Product image: http://cdn.example.com/city-5.png —');
  await expect(page.locator(':focus')).toHaveAttribute('data-cell', '3:3');
  await page.keyboard.press('F8');
  await expect(focusText(page)).toContainText('Row 12, Subline: (empty)');
  await page.keyboard.press('F8');
  await expect(focusText(page)).toContainText('Row 12, Product image');
  await page.keyboard.press('F8');
  await expect(focusText(page)).toContainText('Row 20, Product image');
  await page.keyboard.press('Shift+F8');
  await expect(focusText(page)).toContainText('Row 12, Product image');
  await page.keyboard.press('F8');
  // Fixed by keyboard: Enter edits the focused cell, Enter keeps.
  await page.keyboard.press('Enter');
  await editor.fill('https://cdn.example.com/city-20.png');
  await page.keyboard.press('Enter');
  await expect(wizard.getByLabel('Only rows with problems (2)')).toBeChecked();
  await expect(grid.getByRole('row')).toHaveCount(3);
  // Row 20 left the list with its last problem: focus went on to the next problem (round to the first).
  await expect(page.locator(':focus')).toHaveAttribute('data-cell', '3:3');
  await wizard.getByLabel('Only rows with problems (2)').uncheck();

  // The batch view numbers its rows as the sheet does (row 5 was left out) and shows their names.
  await wizard.getByRole('button', { name: 'Submit 28 jobs' }).click();
  const detail = page.getByRole('region', { name: /^spring-cities · / });
  const rows = detail.getByRole('grid', { name: 'Rows of the batch' });
  await expect(rows.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  const firstRows = rows.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(firstRows.nth(3)).toContainText('City 6');
  const numbers = await firstRows.evaluateAll((found) =>
    found.slice(0, 5).map((row) => [row.children[0]?.textContent, row.children[1]?.textContent]),
  );
  expect(numbers).toEqual([
    ['2', 'City 2'],
    ['3', 'City 3'],
    ['4', 'City 4'],
    ['6', 'City 6'],
    ['7', 'City 7'],
  ]);

  // Renamed in place, kept in the history, and the Queue's filter says the name.
  await detail.getByRole('button', { name: 'Rename' }).click();
  await detail.getByLabel('Batch name').fill('Spring cities launch');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Spring cities launch', level: 3 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename' })).toBeFocused();
  const [stored] = await app.core.handlers['batches:list'](undefined);
  expect(stored?.name).toBe('Spring cities launch');
  await page.keyboard.press('Control+2');
  const batchFilter = page.locator('#queue-filter-batch');
  await expect(batchFilter.getByRole('option', { name: 'Spring cities launch' })).toHaveCount(1);
  await expect(batchFilter).not.toContainText(/Batch [0-9a-f]{8}/);
});

test('a batch whose every row failed says so with a red bar and a retry; a photos-only batch shows each photo', async ({
  page,
  app: _app,
}) => {
  await startOnSandbox(page);
  await openPreview(page, QC_PROJECT, 'qc-products.csv', QC_SHEET);
  await page.getByRole('button', { name: 'Submit 3 jobs' }).click();
  const failed = page.getByRole('region', { name: /^qc-products/ });
  await expect(failed.getByText('All 3 rows failed.')).toBeVisible({ timeout: 60_000 });
  await expect(failed).not.toContainText('Every row is done.');
  const bar = failed.getByRole('progressbar', { name: 'Rows done' });
  await expect(bar).toHaveAttribute('aria-valuetext', '3 of 3 rows done: 0 succeeded, 3 failed or refused');
  await expect(bar.locator('.batch-bar-part.is-failed')).toHaveAttribute('style', 'width: 100%;');
  await expect(bar.locator('.batch-bar-part.is-succeeded')).toHaveCount(0);
  await expect(failed.getByRole('button', { name: 'Retry the 3 rows' })).toBeVisible();

  // Photos without a sheet: each row shows its photo's name and file, not a blank.
  await page.getByRole('button', { name: 'New batch…' }).click();
  const wizard = page.getByRole('region', { name: /^New batch/ });
  await wizard.getByLabel('Project').selectOption({ label: BANNER_PROJECT });
  const photos = await photosTransfer(page, ['spring-ana.png', 'spring-ben.png']);
  const zone = wizard.getByTestId('import-files-drop');
  for (const type of ['dragenter', 'dragover', 'drop'])
    await zone.dispatchEvent(type, { dataTransfer: photos });
  await photos.dispose();
  await wizard.getByRole('button', { name: 'Check the files' }).click();
  await page.getByRole('button', { name: 'Submit 2 jobs' }).click();
  const dropped = page.getByRole('region', { name: /^2 dropped files · / });
  const rows = dropped.getByRole('grid', { name: 'Rows of the batch' });
  const ana = rows.getByRole('row').filter({ hasText: 'spring-ana' });
  await expect(ana.getByRole('gridcell').nth(0)).toHaveText('1');
  await expect(ana.getByRole('gridcell').nth(1)).toHaveText('spring-ana');
  await expect(ana.getByRole('gridcell').nth(2)).toHaveText('spring-ana.png');
});

test('each project says its columns and offers sample sheets that the import reads back clean', async ({
  page,
  app,
}) => {
  await startOnSandbox(page);
  await page.keyboard.press('Control+3');
  for (const [button, format] of [
    ['Sample sheet (CSV)', 'csv'],
    ['Sample sheet (Excel)', 'xlsx'],
  ] as const) {
    await page.getByRole('button', { name: 'New batch…' }).click();
    const wizard = page.getByRole('region', { name: /^New batch/ });
    await wizard.getByLabel('Project').selectOption({ label: BANNER_PROJECT });
    const columns = wizard.getByRole('region', { name: 'Columns this project’s sheet is expected to have' });
    await expect(columns.getByRole('rowheader')).toHaveText([
      'Name',
      'Headline',
      'Subline',
      'Product image',
      'Accent colour',
    ]);
    await expect(columns.getByRole('row', { name: /Accent colour/ })).toContainText('A colour: #rrggbb');
    await columns.getByRole('button', { name: button }).click();
    await expect(columns.getByText(/^Saved the sample sheet to .*sample sheet\./)).toBeVisible();
    const path = app.exports.at(-1)!;
    expect(path).toMatch(new RegExp(`Social Banner 1080x1080 sample sheet\\.${format}$`));
    await wizard.getByTestId('import-sheet-input').setInputFiles({
      name: `sample.${format}`,
      mimeType: format === 'csv' ? 'text/csv' : 'application/octet-stream',
      buffer: await readFile(path),
    });
    await wizard.getByRole('button', { name: 'Check the rows' }).click();
    await expect(wizard.getByRole('button', { name: 'Submit 1 job' })).toBeVisible();
    await expect(wizard.getByLabel('Only rows with problems (0)')).toBeDisabled();
    await expect(wizard.getByRole('grid', { name: 'Rows of the sheet' }).getByRole('row')).toHaveCount(2);
    await wizard.getByRole('button', { name: 'Cancel' }).click();
  }
});

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function expectAccessible(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await testInfo.attach(`axe-${screen}.json`, {
    body: JSON.stringify(results.violations.map((v) => `${v.impact} ${v.id}`)),
    contentType: 'application/json',
  });
  expect(
    serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${screen}: serious or critical axe violations`,
  ).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the batch screens' tour passes axe at ${colorScheme === 'light' ? '1280×800 and 800×560' : '800×560'} (${colorScheme})`, async ({
    page,
    app,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await tourBatchScreensScreens(page, app, async (name, tab, show) => {
      for (const [width, height] of [
        [1280, 800],
        [800, 560],
      ] as const) {
        await tab.setViewportSize({ width, height });
        await show?.scrollIntoViewIfNeeded();
        // Contrast differs by theme, layout by size: light at both sizes, dark at the small one.
        if (colorScheme === 'light' || width === 800)
          await expectAccessible(tab, testInfo, `${name}-${width}`);
        if (process.env['JRS_TOUR_SHOTS'])
          await tab.screenshot({ path: `/tmp/batch-screens-${name}-${width}-${colorScheme}.png` });
      }
      await tab.setViewportSize({ width: 1280, height: 800 });
    });
  });
}
