// Values the service would render wrongly (issue 17, item 2), in the real page against the real core and
// sandbox: a colour field shows a swatch of what its text names, refuses "#12GG45" and "ocean blue" in words
// naming the field, and sends "teal" as #008080 (read back from the sandbox); a text longer than a banner
// shows gets a counter and a warning, and still goes; a sheet's preview says both per cell. Then the tour of
// these screens, with axe at each visit at both sizes.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { call } from '../fixtures/sandbox-http';
import { expect, test } from './fixtures';
import type { Harness } from './harness';
import { chooseProject, startOnSandbox } from './helpers';
import { BANNER, LONG_HEADLINE, tourValidationScreens, VALIDATION_SHEET } from './tour-validation';

async function jobCount(app: Harness): Promise<number> {
  return (await app.core.handlers['jobs:list'](undefined)).length;
}

/** The values the sandbox stored for the newest job of the built-in account. */
async function receivedValues(app: Harness): Promise<Record<string, unknown>> {
  const sandbox = app.sandboxes.at(-1);
  if (!sandbox) throw new Error('no sandbox started');
  const key = sandbox.apiKeys[0] ?? '';
  const id = sandbox.inspect.jobIds(key).at(-1);
  const job = await call(sandbox, 'GET', `/jobs/${id}`, { key });
  return (job.body as { values: Record<string, unknown> }).values;
}

async function fillBanner(page: Page, colour: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Headline' }).fill('Spring sale');
  await page.getByRole('textbox', { name: 'Subline' }).fill('Forty percent off');
  await page.getByRole('textbox', { name: /Product image/ }).fill('https://example.com/shoe.png');
  await page.getByRole('textbox', { name: 'Accent colour' }).fill(colour);
}

test('a colour field refuses what is no colour, naming the field, and sends a name as #rrggbb', async ({
  page,
  app,
}) => {
  await startOnSandbox(page);
  await chooseProject(page, BANNER);
  const colour = page.getByRole('textbox', { name: 'Accent colour' });
  const sample = page.getByTestId('colour-sample');

  for (const bad of ['#12GG45', 'ocean blue']) {
    await fillBanner(page, bad);
    await expect(sample).toHaveText('Not a colour');
    await page.getByRole('button', { name: 'Submit job' }).click();
    await expect(page.locator('.field-error')).toHaveText(
      `⚠ Accent colour: “${bad}” is not a colour. Use a colour name like teal or a code like #1a7f5a.`,
    );
    await expect(colour).toBeFocused();
    await expect(colour).toHaveAttribute('aria-invalid', 'true');
  }
  expect(await jobCount(app)).toBe(0);

  await colour.fill('Teal');
  await expect(page.locator('.field-error')).toHaveCount(0);
  await expect(sample).toHaveText('#008080');
  await expect(sample.locator('.colour-swatch')).toHaveCSS('background-color', 'rgb(0, 128, 128)');
  await expect(page.getByLabel('Pick a colour')).toHaveValue('#008080');
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page.getByText(/Job submitted/)).toBeVisible();
  const values = await receivedValues(app);
  expect(values['accent_color']).toBe('#008080');

  // The job's details name each value by its field's label, not its id (issue 17, item 11).
  await page.getByRole('link', { name: 'Queue' }).click();
  await page.getByRole('grid', { name: 'Jobs' }).getByRole('row').nth(1).dblclick();
  const drawer = page.getByRole('dialog', { name: 'Job details' });
  const names = drawer.locator('.value-name');
  await expect(names).toHaveText(['Headline', 'Subline', 'Product image', 'Accent colour']);
});

test('a text longer than a banner shows is counted and warned of, and still goes', async ({ page, app }) => {
  await startOnSandbox(page);
  await chooseProject(page, BANNER);
  await fillBanner(page, '#1A7F5A');
  const headline = page.getByRole('textbox', { name: 'Headline' });
  await expect(page.getByTestId('count-f0')).toHaveText('11 / 60');
  await headline.fill(LONG_HEADLINE);
  await expect(page.getByTestId('count-f0')).toHaveText('480 / 60');
  const warning = 'Headline: 480 characters; a banner shows about 60 well. Shorten it or it will be cut.';
  await expect(page.getByText(warning)).toBeVisible();
  await expect(headline).toHaveAccessibleDescription(new RegExp(warning.replace(/[.]/g, '\\.')));
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page.getByText(/Job submitted/)).toBeVisible();
  const values = await receivedValues(app);
  expect(values['headline']).toBe(LONG_HEADLINE);
  expect(values['accent_color']).toBe('#1a7f5a');
});

test('a sheet’s preview says which cells hold no colour (left out) and which texts are too long', async ({
  page,
  app: _app,
}) => {
  await startOnSandbox(page);
  await page.keyboard.press('Control+3');
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
    'Row 3: Accent colour: “ocean blue” is not a colour. Use a colour name like teal or a code like #1a7f5a.',
  );
  await expect(rows.getByRole('row').filter({ hasText: 'Cy' })).toContainText(
    'Row 4: Headline: 480 characters; a banner shows about 60 well. Shorten it or it will be cut.',
  );
  // Ben's row is left out; Cy's (a warning) and Ana's go.
  await expect(wizard.getByRole('button', { name: 'Submit 2 jobs' })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the value-check screens pass axe at both sizes, ${colorScheme}`, async ({ page, app }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const seen: string[] = [];
    await tourValidationScreens(page, app, async (name, tab, show) => {
      for (const size of [
        { width: 1280, height: 800 },
        { width: 800, height: 560 },
      ]) {
        await tab.setViewportSize(size);
        await show?.scrollIntoViewIfNeeded();
        if (process.env['JRS_TOUR_SHOTS']) {
          await tab.screenshot({ path: `/tmp/validation-${name}-${colorScheme}-${size.width}.png` });
        }
        const results = await new AxeBuilder({ page: tab })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          `${name} at ${size.width}×${size.height}`,
        ).toEqual([]);
      }
      await tab.setViewportSize({ width: 1280, height: 800 });
      seen.push(name);
    });
    expect(seen).toEqual([
      '19a-colour-named',
      '19b-colour-not-a-colour',
      '19c-text-too-long',
      '19d-batch-preview-values',
    ]);
  });
}
