// The screens of uploads on a real account (issue 17 items 1, 10, 11), in turn, for the screenshot tour and
// the accessibility check: the form of an account without asset storage (its one note and button), Settings
// → Asset storage opened from it (radio buttons, "Back to the form"), the form again with what was typed,
// and a photo uploaded into an S3-compatible bucket once one is set up.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { startSeededSandbox, type Harness } from './harness';
import { chooseProject, connectAccount, dropImage } from './helpers';
import type { TrustVisit } from './tour-trust';
import { startS3Server } from '../fixtures/s3-server';

const KEY = 'tour-uploads-key-00000018';

/**
 * From the first-run screen: connects "Acme EU" (a second sandbox, a real account to the app), opens a video
 * project's form, goes to its storage settings and back, sets up a bucket and drops a photo. Visit names:
 * 18a…18d. Leaves "Acme EU" active, its service stopped.
 */
export async function tourUploadsScreens(page: Page, _app: Harness, visit: TrustVisit): Promise<void> {
  const sandbox = await startSeededSandbox(KEY);
  const s3 = await startS3Server();
  try {
    await connectAccount(page, 'Acme EU', sandbox.url, KEY);
    await chooseProject(page, /Product Teaser 15s/);
    await page.getByLabel('Headline').fill('Spring launch, fifteen seconds');
    await page.getByRole('textbox', { name: /Jingle/ }).fill('https://example.com/jingle.mp3');
    const note = page.getByTestId('storage-needed');
    await expect(note).toBeVisible();
    await visit('18a-form-without-storage', page, note);

    await note.getByRole('button', { name: 'Set up asset storage' }).click();
    const section = page.getByRole('region', { name: 'Asset storage' });
    await expect(page.getByRole('heading', { name: 'Asset storage' })).toBeFocused();
    // The choice moved by keyboard, so its focus ring shows.
    await section.getByRole('radio', { name: /The account’s own storage/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(section.getByRole('radio', { name: /An S3-compatible bucket/ })).toBeChecked();
    await visit('18b-storage-from-the-form', page, section);

    await section.getByRole('button', { name: 'Back to the form' }).click();
    await expect(page.getByLabel('Headline')).toHaveValue('Spring launch, fifteen seconds');
    await visit('18c-back-to-the-form', page, note);

    await note.getByRole('button', { name: 'Set up asset storage' }).click();
    await section.getByRole('radio', { name: /An S3-compatible bucket/ }).check();
    await section.getByLabel('Endpoint', { exact: true }).fill(s3.endpoint);
    await section.getByLabel('Bucket', { exact: true }).fill('campaign-assets');
    await section.getByLabel('Access key id', { exact: true }).fill('S3RVER');
    await section.getByLabel('Secret access key', { exact: true }).fill(s3.secret);
    await section.getByLabel(/Path-style/).check();
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Saved.')).toBeVisible();
    await section.getByRole('button', { name: 'Back to the form' }).click();
    const zone = page.getByTestId('dropzone-field-f1');
    await dropImage(page, zone, 'spring-shot.png');
    await expect(page.getByText('spring-shot.png uploaded')).toBeVisible({ timeout: 15_000 });
    await visit('18d-uploaded-to-the-bucket', page, zone);
  } finally {
    await s3.close();
    await sandbox.close();
  }
}
