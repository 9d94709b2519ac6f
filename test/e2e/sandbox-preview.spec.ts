// The Queue's details drawer shows a sandbox job's uploaded photo although the page's CSP loads nothing
// from http://127.0.0.1: core fetches it from the job's own sandbox (assets:preview) and the page shows it
// as a blob: URL, which it lets go when the drawer closes.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseProject, dropImage, startOnSandbox } from './helpers';

/** How an image at `src` fares when the page itself loads it: 'loaded' (and its width) or 'failed'. */
function loadInPage(page: Page, src: string): Promise<string> {
  return page.evaluate(
    (address) =>
      new Promise<string>((resolve) => {
        const image = new Image();
        image.onload = () => resolve(`loaded ${image.naturalWidth}`);
        image.onerror = () => resolve('failed');
        image.src = address;
      }),
    src,
  );
}

test('a sandbox job’s uploaded photo is previewed in its details, and let go when they close', async ({
  page,
  app,
}) => {
  await startOnSandbox(page);
  await chooseProject(page, /Catalog Photo QC/);
  // A 240×240 PNG drawn in the page, dropped and uploaded to the sandbox through the app's own path.
  await dropImage(page, page.locator('[data-testid^="dropzone-"]').first(), 'shoe.png');
  await expect(page.getByText('shoe.png uploaded')).toBeVisible({ timeout: 15_000 });
  const address = await page.getByRole('textbox', { name: /Product photo/ }).inputValue();
  expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  await page.getByLabel('SKU').fill('SKU-PREVIEW');
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page.getByText(/Job submitted/)).toBeVisible();

  await page.getByRole('link', { name: 'Queue' }).click();
  const grid = page.getByRole('grid', { name: 'Jobs' });
  await grid.getByRole('row').filter({ hasText: 'SKU-PREVIEW' }).dblclick();
  const drawer = page.getByRole('dialog', { name: 'Job details' });
  await expect(drawer).toBeVisible();

  const image = drawer.getByRole('img', { name: 'Image for Product photo' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBe(240);
  const src = (await image.getAttribute('src')) ?? '';
  expect(src).toMatch(/^blob:/);
  await expect(drawer.getByText('Preview unavailable')).toHaveCount(0);
  // The signed address is named by its file, copied whole on request, never shown in full.
  await expect(drawer.getByTestId('link-name')).toHaveText('shoe.png');
  await expect(drawer.getByText(address, { exact: true })).toHaveCount(0);
  expect(app.calls).toContain('assets:preview');
  // The CSP was not widened for it: the page itself still cannot load the sandbox's address.
  expect(await loadInPage(page, address)).toBe('failed');
  expect(await loadInPage(page, src)).toBe('loaded 240');

  await drawer.getByRole('button', { name: 'Close the details' }).click();
  await expect(drawer).toBeHidden();
  // Closed, the blob: URL is revoked: nothing keeps the photo's bytes alive in the page.
  expect(await loadInPage(page, src)).toBe('failed');
});
