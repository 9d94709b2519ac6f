// Batches as a person makes one, through the real core and sandbox: on the Batches screen (Ctrl+3), a CSV
// and a folder of images are dropped on a project; the preview says which row names a file that is not
// there, the cell is fixed in place, and the batch submitted (images uploaded to the sandbox); it is
// watched until every row is done, every file is downloaded and named after its row, and the sheet is
// exported back with each row's job id, status and local file, and read again here.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { expect, test } from './fixtures';
import { startOnSandbox } from './helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SHEET = [
  'Name,Headline,Subline,Product image',
  'Ana,Hello Ana,Spring,photos/ana.png',
  'Ben,Hello Ben,Spring,photos/bne.png',
  'Cy,Hello Cy,Spring,photos/cy.png',
].join('\n');

test('a spreadsheet and a folder of images become a batch: fixed, submitted, finished, downloaded, exported', async ({
  page,
  app,
}) => {
  await startOnSandbox(page);
  await page.keyboard.press('Control+3');
  await expect(page.getByRole('heading', { name: 'Batches', level: 2 })).toBeFocused();
  await page.getByRole('button', { name: 'New batch…' }).click();
  const wizard = page.getByRole('region', { name: /^New batch/ });

  await wizard.getByLabel('Project').selectOption({ label: 'Social Banner 1080x1080 (Image)' });
  await wizard.getByTestId('import-sheet-input').setInputFiles({
    name: 'banners.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(SHEET),
  });
  await wizard.getByTestId('import-files-input').setInputFiles(
    ['ana.png', 'ben.png', 'cy.png'].map((name, i) => ({
      name,
      mimeType: 'image/png',
      // Three different pictures (a trailing byte apart), so three uploads.
      buffer: Buffer.concat([PNG, Buffer.alloc(i)]),
    })),
  );
  await wizard.getByRole('button', { name: 'Check the rows' }).click();

  const rows = wizard.getByRole('grid', { name: 'Rows of the sheet' });
  await expect(rows.getByRole('row')).toHaveCount(4);
  const ben = rows.getByRole('row').filter({ hasText: 'Hello Ben' });
  await expect(ben).toContainText(
    'Row 3: “Product image” names “photos/bne.png”, which is not among the dropped files.',
  );
  await expect(wizard.getByRole('button', { name: 'Submit 2 jobs' })).toBeVisible();

  // Fixed in place: the edit button of the cell, a new name, Enter.
  await ben.getByRole('button', { name: 'Edit row 3, Product image' }).click();
  await wizard.getByLabel('New value').fill('photos/ben.png');
  await wizard.getByLabel('New value').press('Enter');
  await expect(ben).not.toContainText('not among the dropped files');
  // The batch's name starts as the sheet's and the day ("banners · 26 Nov 2026"); named plainly here.
  await expect(wizard.getByLabel('Batch name')).toHaveValue(/^banners · \d{1,2} \w{3} \d{4}$/);
  await wizard.getByLabel('Batch name').fill('banners');
  await wizard.getByLabel('File names (optional)').fill('{batch}/{row.name}.{ext}');
  await wizard.getByRole('button', { name: 'Submit 3 jobs' }).click();

  const detail = page.getByRole('region', { name: 'banners' });
  await expect(detail.getByText('Every row is done.')).toBeVisible({ timeout: 60_000 });
  const counts = detail.locator('.batch-counts');
  await expect(counts.locator('.batch-count').filter({ hasText: 'Succeeded' })).toContainText('3');

  await detail.getByRole('button', { name: 'Download all' }).click();
  await expect(counts.locator('.batch-count').filter({ hasText: 'Files saved' })).toContainText('3', {
    timeout: 30_000,
  });
  for (const name of ['Ana', 'Ben', 'Cy']) {
    const bytes = await readFile(join(app.dataDir, 'Downloads', 'banners', `${name}.png`));
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  }

  await detail.getByRole('button', { name: 'Export CSV' }).click();
  await expect(detail.getByText(/^Saved 3 rows to /)).toBeVisible();
  const csv = await readFile(app.exports.at(-1)!, 'utf8');
  const table = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  expect(table[0]).toEqual([
    'Sheet row',
    'Name',
    'Headline',
    'Subline',
    'Product image',
    'Job id',
    'Status',
    'Output path',
    'Local file',
  ]);
  expect(table[2]?.slice(0, 5)).toEqual(['3', 'Ben', 'Hello Ben', 'Spring', 'photos/ben.png']);
  expect(table[2]?.[6]).toBe('Succeeded');
  expect(table[2]?.[8]).toBe(join(app.dataDir, 'Downloads', 'banners', 'Ben.png'));
});
