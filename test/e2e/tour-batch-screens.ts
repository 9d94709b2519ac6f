// The batch screens issue 17 (items 4–6) changed, in turn, for the screenshot tour and the accessibility
// check: the import wizard listing the project's expected columns with its sample sheets; a preview of 30
// rows whose long cells end in "…" and whose Problems column stays in view, then only its rows with
// problems; the batch view numbering rows as the sheet does, with their names; a batch being renamed; a
// batch whose every row failed; and the Queue filtered by the batch's name. Starts from the first run.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { Harness } from './harness';
import { startOnSandbox } from './helpers';
import type { TrustVisit } from './tour-trust';

export const BANNER_PROJECT = 'Social Banner 1080x1080 (Image)';
export const QC_PROJECT = 'Catalog Photo QC (Photo check)';

/** Rows 2–31 of a banner sheet: names, long texts, an https picture; rows 5, 12 and 20 have problems. */
export function bannerSheet(): string {
  const lines = ['Name,Headline,Subline,Product image,Accent colour'];
  for (let line = 2; line <= 31; line += 1) {
    const city = `City ${line}`;
    const picture = [5, 12, 20].includes(line) ? 'http' : 'https';
    const subline =
      line === 12 ? '' : `Free delivery on every order over 30 euros, this week only in the ${city} stores`;
    lines.push(
      `${city},"Spring is here in ${city}, with offers all week","${subline}",${picture}://cdn.example.com/city-${line}.png,#1f6feb`,
    );
  }
  return lines.join('\n');
}

/** The QC sheet: three products whose checks all fail in the sandbox. */
export const QC_SHEET = [
  'Name,Product photo,SKU',
  'Mug,https://cdn.example.com/mug.png,MUG-1',
  'Cap,https://cdn.example.com/cap.png,CAP-2',
  'Bag,https://cdn.example.com/bag.png,BAG-3',
].join('\n');

/** On the Batches screen: New batch…, the project chosen, the sheet given, its rows checked. */
export async function openPreview(page: Page, project: string, name: string, sheet: string): Promise<void> {
  await page.keyboard.press('Control+3');
  await page.getByRole('button', { name: 'New batch…' }).click();
  const wizard = page.getByRole('region', { name: /^New batch/ });
  await wizard.getByLabel('Project').selectOption({ label: project });
  await wizard
    .getByTestId('import-sheet-input')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await wizard.getByRole('button', { name: 'Check the rows' }).click();
  await expect(wizard.getByRole('grid', { name: 'Rows of the sheet' })).toBeVisible();
}

/** Visits 21a…21g (see the calls below). */
export async function tourBatchScreensScreens(page: Page, _app: Harness, visit: TrustVisit): Promise<void> {
  await startOnSandbox(page);
  await page.keyboard.press('Control+3');
  await page.getByRole('button', { name: 'New batch…' }).click();
  const wizard = page.getByRole('region', { name: /^New batch/ });
  await wizard.getByLabel('Project').selectOption({ label: BANNER_PROJECT });
  const columns = wizard.getByRole('region', { name: 'Columns this project’s sheet is expected to have' });
  await expect(columns.getByRole('row', { name: /Accent colour/ })).toBeVisible();
  await visit('21a-wizard-expected-columns', page, columns);

  await wizard
    .getByTestId('import-sheet-input')
    .setInputFiles({ name: 'spring-cities.csv', mimeType: 'text/csv', buffer: Buffer.from(bannerSheet()) });
  await wizard.getByRole('button', { name: 'Check the rows' }).click();
  const grid = wizard.getByRole('grid', { name: 'Rows of the sheet' });
  await expect(wizard.getByRole('button', { name: 'Submit 27 jobs' })).toBeVisible();
  await visit('21b-preview-ellipsis', page, grid);
  await wizard.getByLabel(/Only rows with problems/).check();
  await expect(grid.getByRole('row')).toHaveCount(4);
  await page.keyboard.press('F8');
  await expect(wizard.getByTestId('preview-focus')).toContainText('Row 5, Product image');
  await visit('21c-preview-only-problems', page, grid);
  await wizard.getByLabel(/Only rows with problems/).uncheck();

  await wizard.getByRole('button', { name: 'Submit 27 jobs' }).click();
  const detail = page.getByRole('region', { name: /^spring-cities/ });
  const rows = detail.getByRole('grid', { name: 'Rows of the batch' });
  await expect(rows.getByRole('row').nth(1)).toContainText('City 2');
  await visit('21d-batch-view-sheet-rows', page, rows);

  await detail.getByRole('button', { name: 'Rename' }).click();
  await detail.getByLabel('Batch name').fill('Spring cities launch');
  await visit('21e-batch-rename', page, detail.getByLabel('Batch name'));
  await detail.getByLabel('Batch name').press('Enter');
  await expect(page.getByRole('heading', { name: 'Spring cities launch', level: 3 })).toBeVisible();

  await openPreview(page, QC_PROJECT, 'qc-products.csv', QC_SHEET);
  await page.getByRole('button', { name: 'Submit 3 jobs' }).click();
  const failed = page.getByRole('region', { name: /^qc-products/ });
  await expect(failed.getByText('All 3 rows failed.')).toBeVisible({ timeout: 60_000 });
  await visit('21f-batch-all-failed', page, failed.locator('.batch-summary'));

  await page.keyboard.press('Control+2');
  const batchFilter = page.locator('#queue-filter-batch');
  await batchFilter.selectOption({ label: 'Spring cities launch' });
  await visit('21g-queue-batch-filter', page, batchFilter);
  await batchFilter.selectOption('');
}
