// Keyboard paths that used to lose the person: the project search picks its match with Enter (or ↓ into
// the matches), focus stays on "Choose file…" after the file dialog (so Ctrl+Enter submits), and Esc on the
// job details returns to the row that opened them.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startOnSandbox } from './helpers';

/** A real PNG drawn in the page, as a file from the disk would arrive. */
async function pngBytes(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 320;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#0ea5e9';
    context.fillRect(0, 0, 320, 320);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

test('the project search picks its first match with Enter, or moves into the matches with ↓', async ({
  page,
  app,
}) => {
  await startOnSandbox(page);
  const search = page.locator('#project-search');
  await expect(search).toBeFocused();
  await page.keyboard.type('banner');
  // The match Enter would open is shown as such, and said to the screen reader with the box.
  const match = page.locator('.project-item.is-suggested');
  await expect(match).toHaveText(/Social Banner 1080x1080/);
  await expect(search).toHaveAccessibleDescription(/Enter opens Social Banner 1080x1080/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Social Banner 1080x1080/ })).toBeVisible();
  await expect(page.getByLabel('Headline', { exact: true })).toBeFocused();

  // ↓ moves from the box to the first match, ↓ again to the next; Enter there opens it.
  await page.keyboard.press('Control+f');
  await expect(search).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('o');
  const list = page.getByRole('list', { name: 'Active projects' }).getByRole('button');
  const names = await list.allTextContents();
  expect(names.length).toBeGreaterThan(1);
  await page.keyboard.press('ArrowDown');
  await expect(list.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.job-form input, .job-form textarea').first()).toBeFocused();
  expect(app.calls).toContain('projects:list');
});

test('focus stays on “Choose file…” after the file dialog, so Ctrl+Enter submits; Esc on the details returns to the row', async ({
  page,
  app,
}) => {
  await startOnSandbox(page);
  await page.keyboard.type('catalog');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Catalog Photo QC/ })).toBeVisible();
  await page.getByLabel('SKU').fill('SKU-1042');

  const choose = page.getByRole('button', { name: 'Choose file…' });
  await choose.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'shoe.png', mimeType: 'image/png', buffer: await pngBytes(page) });
  await expect(page.getByText('shoe.png uploaded')).toBeVisible({ timeout: 20_000 });
  await expect(choose).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(/Job submitted/)).toBeVisible();
  await expect.poll(async () => (await app.core.handlers['jobs:list'](undefined)).length).toBe(1);

  // The details open from the row with Enter and close with Esc, back on that row.
  await page.keyboard.press('Control+2');
  const grid = page.getByRole('grid', { name: 'Jobs' });
  await expect(grid).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const [job] = await app.core.handlers['jobs:list'](undefined);
  await expect(grid).toHaveAttribute('aria-activedescendant', `job-row-${job!.id}`);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Job details' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Close the details' }).focus();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(grid).toBeFocused();
  await expect(grid).toHaveAttribute('aria-activedescendant', `job-row-${job!.id}`);
});
