// The Queue's care screens of issue 17, in turn, for the screenshot tour and the accessibility check: the
// question before a requeue (with its cost against the balance), before a batch's "Retry failed", the
// details after a requeue, the queue whole at its width, the banner while the service cannot be reached,
// and a value's link shown by its file name with "Copy link". Starts from the first-run screen.
import type { Locator, Page } from '@playwright/test';
import type { JobType } from '../../electron/shared/api/job-types';
import { expect } from './fixtures';
import type { Harness } from './harness';
import { startOnSandbox } from './helpers';
import type { TrustVisit } from './tour-trust';

const PODCAST = 'Weekly Podcast Intro';
/** Its jobs run 8 s: long enough to be seen "In progress". */
const SPOKESPERSON = 'Spring Launch Spokesperson';
const PHOTO_QC = 'Catalog Photo QC';
/** A link as an S3 bucket signs it: long, with its signature in the query. */
export const SIGNED_PHOTO =
  'https://uploads.example.com/acme/photos/shoe%20side.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAEXAMPLE%2F20261126%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261126T010000Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

export const grid = (page: Page): Locator => page.getByRole('grid', { name: 'Jobs' });
export const rowWith = (page: Page, text: string): Locator =>
  grid(page).getByRole('row').filter({ hasText: text });

/**
 * Submits through the core (as the form does): two podcast intros, one spokesperson video, one photo check
 * that fails.
 */
export async function submitSome(app: Harness): Promise<void> {
  const { handlers } = app.core;
  const projects = await handlers['projects:list'](undefined);
  const project = (name: string) => projects.find((candidate) => candidate.projectName === name)!;
  const podcast = project(PODCAST);
  const qc = project(PHOTO_QC);
  for (const city of ['Berlin', 'Lagos']) {
    await handlers['jobs:submit']({
      projectId: podcast.projectId,
      projectName: podcast.projectName,
      jobType: podcast.projectType as JobType,
      values: {
        script: `Live from ${city} this week`,
        voice_sample: { audio_url: 'https://cdn.example.com/voice.mp3', effects: [] },
      },
    });
  }
  const video = project(SPOKESPERSON);
  await handlers['jobs:submit']({
    projectId: video.projectId,
    projectName: video.projectName,
    jobType: video.projectType as JobType,
    values: {
      script: 'Hello Lisbon, spring is here',
      presenter_photo: { image_url: 'https://cdn.example.com/presenter.png' },
      brand_color: '#3355ff',
    },
  });
  await handlers['jobs:submit']({
    projectId: qc.projectId,
    projectName: qc.projectName,
    jobType: qc.projectType as JobType,
    values: { photo: { image_url: SIGNED_PHOTO }, sku: 'SKU-4711' },
  });
}

/** The sandbox the account talks to, to make it unreachable (5xx) and back. */
export function sandboxOf(app: Harness) {
  const sandbox = app.sandboxes.at(-1);
  if (!sandbox) throw new Error('The built-in sandbox has not started.');
  return sandbox;
}

/**
 * From the first-run screen: jobs submitted and finished, a requeue asked and cancelled (20a), a batch of
 * failing rows and its "Retry failed" question (20b), one job requeued from its details (20c), the service
 * made unreachable: the queue whole at its width (20d) and the banner (20e), then the service back; a photo's
 * signed link shown by its file name with "Copy link" (20f).
 */
export async function tourQueueCareScreens(page: Page, app: Harness, visit: TrustVisit): Promise<void> {
  await startOnSandbox(page);
  await submitSome(app);
  await page.getByRole('link', { name: 'Queue' }).click();
  await expect(rowWith(page, 'Berlin')).toContainText('Succeeded', { timeout: 30_000 });
  await expect(rowWith(page, 'Lagos')).toContainText('Succeeded', { timeout: 30_000 });
  await expect(rowWith(page, 'SKU-4711')).toContainText('Failed', { timeout: 30_000 });
  await expect(rowWith(page, 'Lisbon')).toContainText('Succeeded', { timeout: 30_000 });

  // Every job selected, Requeue: one question, with the cost against the balance; Cancel spends nothing.
  await grid(page).focus();
  await page.keyboard.press('Control+a');
  await expect(page.getByTestId('queue-count')).toContainText('4 selected');
  await page.getByRole('group', { name: 'Actions on jobs' }).getByRole('button', { name: 'Requeue' }).click();
  const requeue = page.getByRole('alertdialog', { name: 'Requeue 4 jobs?' });
  await expect(requeue.getByTestId('rerun-cost')).toContainText(/your balance is \d+ credits/);
  await visit('20a-requeue-confirm', page, requeue);
  await requeue.getByRole('button', { name: 'Cancel' }).click();
  await expect(requeue).toBeHidden();

  // A batch of two photo checks, which fail: Retry failed asks first.
  await page.keyboard.press('Control+3');
  await page.getByRole('button', { name: 'New batch…' }).click();
  const wizard = page.getByRole('region', { name: /^New batch/ });
  const projectSelect = wizard.getByLabel('Project');
  const qcOption = await projectSelect.locator('option').filter({ hasText: PHOTO_QC }).first().textContent();
  await projectSelect.selectOption({ label: qcOption ?? PHOTO_QC });
  const sheet = [
    'Product photo,SKU',
    'https://cdn.example.com/a.png,SKU-1',
    'https://cdn.example.com/b.png,SKU-2',
  ];
  await wizard
    .getByTestId('import-sheet-input')
    .setInputFiles({ name: 'qc-check.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet.join('\n')) });
  await wizard.getByRole('button', { name: 'Check the rows' }).click();
  await wizard.getByRole('button', { name: 'Submit 2 jobs' }).click();
  const batch = page.getByRole('region', { name: /qc-check/ });
  await expect(batch.locator('.batch-count').filter({ hasText: 'Failed' })).toContainText('2', {
    timeout: 30_000,
  });
  await batch.getByRole('button', { name: 'Retry failed' }).click();
  const retry = page.getByRole('alertdialog', { name: 'Retry 2 failed rows?' });
  await expect(retry.getByTestId('rerun-cost')).toContainText(/your balance is \d+ credits/);
  await visit('20b-retry-failed-confirm', page, retry);
  await retry.getByRole('button', { name: 'Cancel' }).click();
  await expect(retry).toBeHidden();

  // One job's details, requeued from there: the details follow its new run.
  await page.keyboard.press('Control+2');
  await rowWith(page, 'Lisbon').dblclick();
  const drawer = page.getByRole('dialog', { name: 'Job details' });
  await expect(drawer.getByRole('button', { name: 'Show in folder' })).toBeVisible({ timeout: 20_000 });
  await drawer.getByRole('button', { name: 'Requeue' }).click();
  const one = page.getByRole('alertdialog', { name: 'Requeue this job?' });
  await expect(one.getByTestId('rerun-cost')).toContainText(/About 10 credits; your balance is \d+ credits/);
  await one.getByRole('button', { name: 'Requeue' }).click();
  await expect(one).toBeHidden();
  await expect(drawer.getByTestId('previous-run-file')).toBeVisible();
  // The service stops answering while it runs: its status stays as last confirmed.
  await expect(drawer.locator('.drawer-meta')).toContainText('In progress', { timeout: 20_000 });
  sandboxOf(app).faults.set({ errorRate: 1 });
  await visit('20c-details-after-requeue', page, drawer);
  await drawer.getByRole('button', { name: 'Close the details' }).click();

  const banner = page.getByTestId('poll-health');
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await visit('20d-queue-whole-columns', page, grid(page));
  await visit('20e-offline-banner', page, banner);
  sandboxOf(app).faults.reset();
  await banner.getByRole('button', { name: 'Try now' }).click();
  await expect(banner).toBeHidden({ timeout: 20_000 });
  await expect(rowWith(page, 'Lisbon')).toContainText('Succeeded', { timeout: 30_000 });

  // The photo check's photo: its file name and "Copy link", not the signed link.
  await rowWith(page, 'SKU-4711').dblclick();
  const values = drawer.getByRole('region', { name: 'Values' });
  await expect(values.getByTestId('link-name')).toHaveText('shoe side.png');
  await visit('20f-drawer-link-name', page, values);
  await drawer.getByRole('button', { name: 'Close the details' }).click();
}
