// The screens of issue 17's value checks, in turn, for the screenshot tour and the accessibility check: the
// banner's form with a colour name and its swatch, the same form with a colour that is none and texts longer
// than a banner shows (the error and the warnings with their counters), and a sheet's preview saying both
// per cell. Starts on the first-run screen of a fresh harness.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { Harness } from './harness';
import { chooseProject, startOnSandbox } from './helpers';
import type { TrustVisit } from './tour-trust';

export const BANNER = /Social Banner 1080x1080/;
/** 480 and 595 characters, as the issue met them (no space at either end: a value is counted trimmed). */
export const LONG_HEADLINE = `Spring sale ${'and more '.repeat(52)}`.slice(0, 479) + '!';
export const LONG_SUBLINE = `Every pair of running shoes ${'on offer '.repeat(70)}`.slice(0, 594) + '.';

/** A banner sheet: one good row, one whose colour is none, one whose headline is far too long. */
export const VALIDATION_SHEET = [
  'Name,Headline,Subline,Product image,Accent colour',
  'Ana,Hello Ana,Spring,https://example.com/ana.png,Teal',
  'Ben,Hello Ben,Spring,https://example.com/ben.png,ocean blue',
  `Cy,${LONG_HEADLINE},Spring,https://example.com/cy.png,#1a7f5a`,
].join('\n');

/**
 * From the first-run screen: the banner's form with "teal" (19a); with "ocean blue" and long texts after a
 * submit, the colour's error (19b) and the texts' warnings (19c); then the Batches screen's preview of
 * VALIDATION_SHEET (19d).
 */
export async function tourValidationScreens(page: Page, _app: Harness, visit: TrustVisit): Promise<void> {
  await startOnSandbox(page);
  await chooseProject(page, BANNER);
  const colour = page.getByRole('textbox', { name: 'Accent colour' });
  await page.getByRole('textbox', { name: 'Headline' }).fill('Spring sale');
  await colour.fill('teal');
  const sample = page.getByTestId('colour-sample');
  await expect(sample).toHaveText('#008080');
  await colour.focus();
  // The whole field (label, swatch, hint, text, picker), clear of the form's sticky footer.
  const colourField = page.locator('.field').filter({ has: colour });
  await colourField.evaluate((field) => field.scrollIntoView({ block: 'center' }));
  await visit('19a-colour-named', page, colourField);

  await colour.fill('ocean blue');
  await page.getByRole('textbox', { name: 'Headline' }).fill(LONG_HEADLINE);
  await page.getByRole('textbox', { name: 'Subline' }).fill(LONG_SUBLINE);
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(
    page.getByText('Accent colour: “ocean blue” is not a colour.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Headline: 480 characters; a banner shows about 60 well.')).toBeVisible();
  // After the submit, focus is on the colour that is none: its error under it.
  await expect(colour).toBeFocused();
  await colourField.evaluate((field) => field.scrollIntoView({ block: 'center' }));
  await visit('19b-colour-not-a-colour', page, colourField);

  const headlineField = page
    .locator('.field')
    .filter({ has: page.getByRole('textbox', { name: 'Headline' }) });
  await headlineField.evaluate((field) => field.scrollIntoView({ block: 'start' }));
  await visit('19c-text-too-long', page, headlineField);

  await page.keyboard.press('Control+3');
  await expect(page.getByRole('heading', { name: 'Batches', level: 2 })).toBeFocused();
  await page.getByRole('button', { name: 'New batch…' }).click();
  const wizard = page.getByRole('region', { name: /^New batch/ });
  await wizard.getByLabel('Project').selectOption({ label: 'Social Banner 1080x1080 (Image)' });
  await wizard.getByTestId('import-sheet-input').setInputFiles({
    name: 'banners.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(VALIDATION_SHEET),
  });
  await wizard.getByRole('button', { name: 'Check the rows' }).click();
  const rows = wizard.getByRole('grid', { name: 'Rows of the sheet' });
  await expect(rows.getByRole('row').filter({ hasText: 'Hello Ben' })).toContainText(
    'Row 3: Accent colour: “ocean blue” is not a colour.',
  );
  await visit('19d-batch-preview-values', page, rows);
}
