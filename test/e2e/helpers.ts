// Steps shared by the specs: start on the sandbox, choose a project, drop a real image into a drop zone.
import type { JSHandle, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** First run → "Try it without an account" → the sandbox's projects are listed. */
export async function startOnSandbox(page: Page): Promise<void> {
  await page.getByRole('button', { name: /try it without an account/i }).click();
  await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible({ timeout: 20_000 });
}

/** First run → "Connect an account" with this name, address and key → its projects are listed. */
export async function connectAccount(page: Page, name: string, url: string, key: string): Promise<void> {
  await page.getByRole('button', { name: /connect an account/i }).click();
  await page.getByLabel('Account name').fill(name);
  await page.getByLabel('Service address').fill(url);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Connect account' }).click();
  await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible();
}

/** The project's button in the list. */
export function projectButton(page: Page, name: string | RegExp): Locator {
  return page.getByRole('list', { name: 'Active projects' }).getByRole('button', { name });
}

export async function chooseProject(page: Page, name: string | RegExp): Promise<void> {
  await projectButton(page, name).click();
  await expect(page.getByRole('button', { name: 'Submit job' })).toBeVisible();
}

/** The credits shown in the header, as a number. */
export async function shownCredits(page: Page): Promise<number> {
  const value = page.getByTestId('credits').locator('[data-credits]');
  await expect(value).toBeVisible();
  return Number(await value.getAttribute('data-credits'));
}

/**
 * Drops a PNG drawn in the page onto a drop zone with a real DataTransfer (dragenter, dragover, drop),
 * the way a file dragged from the desktop arrives.
 */
export async function dropImage(page: Page, dropzone: Locator, fileName = 'product.png'): Promise<void> {
  const dataTransfer = await page.evaluateHandle(async (name) => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 240;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    const gradient = context.createLinearGradient(0, 0, 240, 240);
    gradient.addColorStop(0, '#6366f1');
    gradient.addColorStop(1, '#ec4899');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 240, 240);
    context.fillStyle = 'rgba(255,255,255,0.85)';
    context.beginPath();
    context.arc(120, 120, 60, 0, Math.PI * 2);
    context.fill();
    const blob = await new Promise<Blob>((done, fail) =>
      canvas.toBlob((made) => (made ? done(made) : fail(new Error('toBlob failed'))), 'image/png'),
    );
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], name, { type: 'image/png' }));
    return transfer;
  }, fileName);
  for (const type of ['dragenter', 'dragover', 'drop']) await dropzone.dispatchEvent(type, { dataTransfer });
  await dataTransfer.dispose();
}

/**
 * Opens the account menu, the add-account dialog and the remove confirmation in turn, calling `visit`
 * with each one's name while it shows (the accessibility check and the screenshot tour share this path).
 */
export async function tourAccountDialogs(page: Page, visit: (name: string) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: /^Account:/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await visit('account-menu');
  await page.getByRole('menuitem', { name: 'Add an account…' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await visit('add-account-dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: /^Remove/ }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await visit('remove-account-confirm');
}

/**
 * Opens the Queue, one job's details and the track-by-id dialog in turn, calling `visit` with each one's
 * name while it shows, then goes back to Create (the accessibility check and the screenshot tour share it).
 */
export async function tourQueue(page: Page, visit: (name: string) => Promise<void>): Promise<void> {
  await page.getByRole('link', { name: 'Queue' }).click();
  const grid = page.getByRole('grid', { name: 'Jobs' });
  await expect(grid).toBeVisible();
  await visit('queue');
  await grid.getByRole('row').nth(1).dblclick();
  await expect(page.getByRole('dialog', { name: 'Job details' })).toBeVisible();
  await visit('job-details');
  await page.getByRole('button', { name: 'Close the details' }).click();
  await page.getByRole('button', { name: 'Track a job…' }).click();
  await expect(page.getByRole('dialog', { name: 'Track a job by id' })).toBeVisible();
  await visit('track-job-dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Create' }).click();
}

/**
 * Opens Settings (Ctrl+4), then its list of the naming template's parts, calling `visit` with each one's
 * name while it shows, then goes back to Create (the accessibility check and the screenshot tour share it).
 */
export async function tourSettings(page: Page, visit: (name: string) => Promise<void>): Promise<void> {
  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeFocused();
  await expect(page.getByTestId('template-preview')).toBeVisible();
  await visit('settings');
  await page.getByText('Parts you can use').click();
  await expect(page.getByRole('button', { name: 'Add {ext} to the template' })).toBeVisible();
  await page.getByLabel('File names').fill('{project}/{projet}.{ext}');
  await expect(page.getByText(/\{projet\} is not a part of a name/)).toBeVisible();
  await visit('settings-template-parts');
  await page.getByRole('button', { name: 'Undo changes' }).click();
  await page.getByText('Parts you can use').click();
  await page.getByRole('link', { name: 'Create' }).click();
}

/**
 * Opens Batches (Ctrl+3) with no batch (`visit('batches-empty')`), imports a small sheet of image
 * addresses on Social Banner, one row with a plain-http address (`visit('batch-preview')`), submits the
 * others and waits for them (`visit('batch-view')`), then goes back to Create.
 */
export async function tourBatches(page: Page, visit: (name: string) => Promise<void>): Promise<void> {
  await page.keyboard.press('Control+3');
  await expect(page.getByRole('heading', { name: 'Batches', level: 2 })).toBeFocused();
  await visit('batches-empty');
  await page.getByRole('button', { name: 'New batch…' }).click();
  const wizard = page.getByRole('region', { name: /^New batch/ });
  await wizard.getByLabel('Project').selectOption({ label: 'Social Banner 1080x1080 (Image)' });
  const sheet = [
    'Headline,Subline,Product image',
    'Spring is here,Lisbon,https://cdn.example.com/lisbon.png',
    'Spring is here,Porto,http://cdn.example.com/porto.png',
    'Spring is here,Faro,https://cdn.example.com/faro.png',
  ].join('\n');
  await wizard
    .getByTestId('import-sheet-input')
    .setInputFiles({ name: 'spring-cities.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await wizard.getByRole('button', { name: 'Check the rows' }).click();
  await expect(wizard.getByRole('button', { name: 'Submit 2 jobs' })).toBeVisible();
  await visit('batch-preview');
  await wizard.getByRole('button', { name: 'Submit 2 jobs' }).click();
  const detail = page.getByRole('region', { name: 'spring-cities' });
  await expect(detail.locator('.batch-count').filter({ hasText: 'Succeeded' })).toContainText('2', {
    timeout: 30_000,
  });
  await expect(detail.getByText('Every row is done.')).toBeVisible();
  await visit('batch-view');
  await page.getByRole('link', { name: 'Create' }).click();

  // Photos dragged over a project in Create, then dropped: a new batch of one job per photo.
  const project = projectButton(page, /Social Banner 1080x1080/);
  const photos = await photosTransfer(page, ['lisbon.png', 'porto.png', 'faro.png']);
  await project.dispatchEvent('dragenter', { dataTransfer: photos });
  await project.dispatchEvent('dragover', { dataTransfer: photos });
  await expect(project).toHaveClass(/is-drop-target/);
  await visit('project-drop');
  await project.dispatchEvent('drop', { dataTransfer: photos });
  await photos.dispose();
  const dropped = page.getByRole('region', { name: 'New batch from 3 dropped files' });
  await expect(dropped.getByRole('button', { name: 'Submit 3 jobs' })).toBeVisible();
  await visit('batch-files-only');
  await dropped.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
}

/** Distinct small PNGs (a trailing byte apart) as dragged from the desktop, for dispatching drag events. */
export async function photosTransfer(page: Page, names: readonly string[]): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(
    ([base64, fileNames]) => {
      const png = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      fileNames.forEach((name, i) => {
        const bytes = new Uint8Array(png.length + i);
        bytes.set(png);
        transfer.items.add(new File([bytes], name, { type: 'image/png' }));
      });
      return transfer;
    },
    [TINY_PNG_BASE64, names] as const,
  );
}

const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * On an open, empty job form: Submit shows the empty-fields confirmation (`visit('empty-fields-confirm')`),
 * Go back, then a plain-http address in the first file field is flagged (`visit('job-form-invalid')`).
 */
export async function tourFormChecks(page: Page, visit: (name: string) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: 'Submit job' }).click();
  const empty = page.getByRole('alertdialog', { name: /fields? (is|are) empty/ });
  await expect(empty).toBeVisible();
  await visit('empty-fields-confirm');
  await empty.getByRole('button', { name: /Go back/ }).click();
  await page.getByPlaceholder('https://…').first().fill('http://example.com/not-secure.png');
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page.getByText(/needs? your attention/)).toBeVisible();
  await visit('job-form-invalid');
}
