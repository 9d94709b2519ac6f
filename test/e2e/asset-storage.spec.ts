// Settings → Asset storage as a person sets it up, against a real S3-protocol server on loopback (s3rver):
// the bucket's settings typed, Test connection writes, reads back and deletes an object, a wrong bucket is
// said in words, and once saved the secret is shown only as "ends in …"; the page never holds it again.
import { expect, test } from './fixtures';
import { startOnSandbox } from './helpers';
import { startS3Server } from '../fixtures/s3-server';

test('an S3-compatible bucket is set up, tested and saved; the secret stays in the keychain', async ({
  page,
  app,
}) => {
  const s3 = await startS3Server();
  try {
    await startOnSandbox(page);
    await page.keyboard.press('Control+4');
    const section = page.getByRole('region', { name: 'Asset storage' });
    await section.getByLabel(/An S3-compatible bucket/).check();
    await section.getByLabel('Endpoint', { exact: true }).fill(s3.endpoint);
    await section.getByLabel('Bucket', { exact: true }).fill('no-such-bucket');
    await section.getByLabel('Access key id', { exact: true }).fill('S3RVER');
    await section.getByLabel('Secret access key', { exact: true }).fill('secret-for-the-e2e-7Qz');
    await section.getByLabel(/Path-style/).check();
    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect(
      section.getByText(`The bucket “no-such-bucket” does not exist at ${s3.endpoint}.`, { exact: false }),
    ).toBeVisible();

    await section.getByLabel('Bucket', { exact: true }).fill('campaign-assets');
    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect(
      section.getByText('Wrote, read back and deleted a test object in “campaign-assets”', { exact: false }),
    ).toBeVisible();
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Saved.')).toBeVisible();
    await expect(section.getByLabel('Secret access key', { exact: true })).toHaveAttribute(
      'placeholder',
      'Kept in the keychain, ends in -7Qz',
    );
    await expect(section.getByLabel('Secret access key', { exact: true })).toHaveValue('');
    // The secret crossed to main on Test and Save; no answer or event from main carried it back.
    expect(app.traffic.join('\n')).not.toContain('secret-for-the-e2e-7Qz');
    expect(await page.content()).not.toContain('secret-for-the-e2e-7Qz');
  } finally {
    await s3.close();
  }
});
