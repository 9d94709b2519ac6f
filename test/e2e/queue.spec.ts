// The Queue as a person uses it, on the built-in sandbox through the harness: jobs submitted from the form
// change state live, then filter, search a value, open the details, requeue a failed job, duplicate one
// into the form, restart the core on the same data and find the same history. And with 10,000 jobs in the
// history: scroll, filter and search. How long the page's tasks take is `npm run bench:queue`'s to print.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseProject, startOnSandbox } from './helpers';
import { openTenThousand, scrollFilterSearch, thousandChanging } from './queue-drivers';

async function submitPodcast(page: Page, script: string): Promise<void> {
  await chooseProject(page, /Weekly Podcast Intro/);
  await page.getByLabel('Intro script').fill(script);
  await page.getByRole('textbox', { name: /Voice sample/ }).fill('https://cdn.example.com/voice.mp3');
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page.getByText(/Job submitted/)).toBeVisible();
}

async function submitPhotoCheck(page: Page, sku: string): Promise<void> {
  await chooseProject(page, /Catalog Photo QC/);
  await page.getByRole('textbox', { name: /Product photo/ }).fill('https://cdn.example.com/shoe.png');
  await page.getByLabel('SKU').fill(sku);
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page.getByText(/Job submitted/)).toBeVisible();
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Jobs' });
const rowWith = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });

test('the queue follows jobs live; filter, search, details, requeue, duplicate, and the same history after a restart', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await startOnSandbox(page);
  await submitPodcast(page, 'Live from Berlin this week');
  await submitPodcast(page, 'Greetings from Lagos');
  await submitPhotoCheck(page, 'SKU-4711');

  await page.getByRole('link', { name: 'Queue' }).click();
  await expect(grid(page)).toBeVisible();
  await expect(page.getByTestId('queue-count')).toHaveText('3 jobs');
  // Live: the podcast jobs succeed and the photo check fails, without any reload.
  await expect(rowWith(page, 'Berlin')).toContainText('Succeeded', { timeout: 30_000 });
  await expect(rowWith(page, 'SKU-4711')).toContainText('Failed', { timeout: 30_000 });

  // Filter by status, then search a value.
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Failed' });
  await expect(page.getByTestId('queue-count')).toHaveText('1 of 3 jobs');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All statuses' });
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('lagos');
  await expect(page.getByTestId('queue-count')).toHaveText('1 of 3 jobs');
  await expect(rowWith(page, 'Lagos')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('');
  await expect(page.getByTestId('queue-count')).toHaveText('3 jobs');

  // Details of the failed job, then requeue it from there.
  await rowWith(page, 'SKU-4711').dblclick();
  const drawer = page.getByRole('dialog', { name: 'Job details' });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('SKU-4711');
  await expect(drawer).toContainText('Catalog Photo QC');
  await drawer.getByRole('button', { name: 'Requeue' }).click();
  // Credits are spent: asked once, with the cost.
  await page
    .getByRole('alertdialog', { name: 'Requeue this job?' })
    .getByRole('button', { name: 'Requeue' })
    .click();
  await expect(page.getByText(/Requeued 1 job/)).toBeVisible();
  // Back to the worker queue and, this project being one that fails, failed again.
  await expect(rowWith(page, 'SKU-4711')).not.toContainText('Failed', { timeout: 15_000 });
  await expect(rowWith(page, 'SKU-4711')).toContainText('Failed', { timeout: 30_000 });

  // Duplicate a podcast job into the form: the Create screen, its project, every field filled again.
  await rowWith(page, 'Berlin').dblclick();
  await expect(drawer).toContainText('Live from Berlin this week');
  await drawer.getByRole('button', { name: 'Duplicate into the form' }).click();
  await expect(page.getByLabel('Intro script')).toHaveValue('Live from Berlin this week');
  await expect(page.getByRole('textbox', { name: /Voice sample/ })).toHaveValue(
    'https://cdn.example.com/voice.mp3',
  );

  // Quit and reopen (the core on the same data): the same three jobs, in their final states.
  await app.restart();
  await page.reload();
  await page.getByRole('link', { name: 'Queue' }).click();
  await expect(page.getByTestId('queue-count')).toHaveText('3 jobs', { timeout: 20_000 });
  await expect(rowWith(page, 'Berlin')).toContainText('Succeeded');
  await expect(rowWith(page, 'Lagos')).toContainText('Succeeded');
  await expect(rowWith(page, 'SKU-4711')).toContainText('Failed');
});

test('10,000 jobs: scrolling moves the window of rows, filtering and search narrow the list', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await startOnSandbox(page);
  await openTenThousand(page, app);
  const scene = await scrollFilterSearch(page);

  // The window of rows moved far down, and only a window of them is in the page.
  expect(scene.lastRowIndex).toBeGreaterThan(1000);
  expect(scene.rows).toBeLessThan(200);
  await expect(page.getByTestId('queue-count')).toHaveText(/^\d+ of 10,000 jobs$/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('FAILED');
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('osaka');
  await expect(rowWith(page, 'Osaka').first()).toBeVisible();
  await expect(grid(page).getByRole('row').filter({ hasText: 'Succeeded' })).toHaveCount(0);
});

test('1,000 jobs changing at once: the page ends with every one of them final', async ({ page, app }) => {
  test.setTimeout(240_000);
  await startOnSandbox(page);
  await page.getByRole('link', { name: 'Queue' }).click();
  const scene = await thousandChanging(page, app);

  expect(scene.jobs).toBe(1000);
  await expect(page.getByTestId('queue-count')).toHaveText('1,000 jobs');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Failed' });
  await expect(page.getByTestId('queue-count')).toHaveText('0 of 1,000 jobs');
});
