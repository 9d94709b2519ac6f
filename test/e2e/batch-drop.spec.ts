// Batches made without the wizard's first step: photos dragged onto a project in Create open a new batch of
// that project on the Batches screen, one job per photo, the other fields from one value for every row;
// and a workbook of several sheets, read from the one chosen in the preview.
import * as XLSX from '@e965/xlsx';
import { expect, test } from './fixtures';
import { photosTransfer, projectButton, startOnSandbox } from './helpers';

test('photos dropped on a project in Create become a batch of one job per photo', async ({ page, app }) => {
  await startOnSandbox(page);
  const project = projectButton(page, /Social Banner 1080x1080/);
  // Three different pictures, dragged from the desktop onto the project.
  const dataTransfer = await photosTransfer(page, ['spring-ana.png', 'spring-ben.png', 'spring-cy.png']);
  await project.dispatchEvent('dragenter', { dataTransfer });
  await project.dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByText('Drop on a project: a spreadsheet and its photos make a batch')).toBeVisible();
  await expect(project).toHaveClass(/is-drop-target/);
  await project.dispatchEvent('drop', { dataTransfer });

  const wizard = page.getByRole('region', { name: 'New batch from 3 dropped files' });
  await expect(wizard).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Batches', level: 2 })).toBeVisible();
  await expect(wizard.getByText(/^One job per file: 3 files/)).toBeVisible();
  const rows = wizard.getByRole('grid', { name: 'Rows of the sheet' });
  await expect(rows.getByRole('row')).toHaveCount(4);
  await expect(rows).toContainText('spring-ben.png');

  // One headline for every row, then the three jobs.
  await wizard.getByLabel('Where Headline comes from').selectOption('constant');
  await wizard.getByLabel('The value for every row').fill('Spring is here');
  await wizard.getByLabel('The value for every row').press('Enter');
  await wizard.getByLabel('File names (optional)').fill('{batch}/{row.name}.{ext}');
  await wizard.getByRole('button', { name: 'Submit 3 jobs' }).click();
  const detail = page.getByRole('region', { name: '3 dropped files' });
  await expect(detail.getByText('Every row is done.')).toBeVisible({ timeout: 60_000 });
  await expect(detail.locator('.batch-count').filter({ hasText: 'Succeeded' })).toContainText('3');
  const [batch] = await app.core.handlers['batches:list'](undefined);
  expect(batch).toMatchObject({
    name: expect.stringMatching(/^3 dropped files · /),
    rows: 3,
    columns: ['File', 'Name'],
  });
});

test('a workbook of several sheets is read from the sheet chosen in the preview', async ({ page, app }) => {
  await startOnSandbox(page);
  await page.keyboard.press('Control+3');
  await page.getByRole('button', { name: 'New batch…' }).click();
  const wizard = page.getByRole('region', { name: /^New batch/ });
  await wizard.getByLabel('Project').selectOption({ label: 'Social Banner 1080x1080 (Image)' });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Notes'], ['read me first']]), 'About');
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Headline', 'Subline', 'Product image'],
      ['Hello Ana', 'Spring', 'https://cdn.example.com/ana.png'],
      ['Hello Ben', 'Spring', 'https://cdn.example.com/ben.png'],
    ]),
    'Rows',
  );
  await wizard.getByTestId('import-sheet-input').setInputFiles({
    name: 'campaign.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  });
  await wizard.getByRole('button', { name: 'Check the rows' }).click();
  const chooser = wizard.getByLabel('Sheet of the workbook');
  await expect(chooser).toHaveValue('About');
  const rows = wizard.getByRole('grid', { name: 'Rows of the sheet' });
  await expect(rows).toContainText('read me first');

  await chooser.selectOption('Rows');
  await expect(rows).toContainText('Hello Ben');
  await expect(rows.getByRole('row')).toHaveCount(3);
  await expect(chooser).toHaveValue('Rows');
  await expect(wizard.getByRole('button', { name: 'Submit 2 jobs' })).toBeVisible();
  expect(app.calls.filter((channel) => channel === 'imports:reimport')).toHaveLength(1);
});
