// The Queue as a person uses it, on the built-in sandbox through the harness: jobs submitted from the form
// change state live, then filter, search a value, open the details, requeue a failed job, duplicate one
// into the form, restart the core on the same data and find the same history. And with 10,000 jobs in the
// history: scroll and filter, measuring the longest task in the page (printed; only behaviour asserted).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseProject, startOnSandbox } from './helpers';
import { seedHistory } from './seed-history';

/** Starts recording the page's long tasks (PerformanceObserver), for longestTask() to read. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const store = window as unknown as { __longest: number };
    store.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.__longest = Math.max(store.__longest, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}

async function longestTask(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __longest: number }).__longest);
}

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
  await expect(rowWith(page, 'Berlin')).toContainText('Success', { timeout: 30_000 });
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
  await expect(rowWith(page, 'Berlin')).toContainText('Success');
  await expect(rowWith(page, 'Lagos')).toContainText('Success');
  await expect(rowWith(page, 'SKU-4711')).toContainText('Failed');
});

test('10,000 jobs: scrolling and filtering stay responsive (the longest task is printed)', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await startOnSandbox(page);
  const snapshot = await app.core.handlers['accounts:snapshot'](undefined);
  seedHistory(app.dataDir, snapshot.activeId!, 10_000);
  await page.reload();
  await page.getByRole('link', { name: 'Queue' }).click();
  await expect(page.getByTestId('queue-count')).toHaveText('10,000 jobs', { timeout: 30_000 });

  // Driven from inside the page, as a person's wheel and keys would: Playwright's own locators run in the
  // page too, and their tasks must not be counted as the app's.
  await watchLongTasks(page);
  const seen = await page.evaluate(async () => {
    const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const grid = document.querySelector<HTMLElement>('[role="grid"][aria-label="Jobs"]');
    if (!grid) throw new Error('no grid');
    const store = window as unknown as { __longest: number };
    const phases: Record<string, number> = {};
    const phase = (name: string) => {
      phases[name] = Math.round(store.__longest);
      store.__longest = 0;
    };
    const rowIndexes: string[] = [];
    for (let step = 0; step < 40; step += 1) {
      grid.scrollTop += 2400;
      await frames();
    }
    rowIndexes.push(
      grid.querySelector('[role="row"][aria-rowindex]:last-child')?.getAttribute('aria-rowindex') ?? '',
    );
    phase('scrolling');
    const status = document.querySelector<HTMLSelectElement>('#queue-filter-status');
    if (!status) throw new Error('no status filter');
    const failed = [...status.options].find((option) => option.textContent === 'Failed');
    status.value = failed?.value ?? '';
    status.dispatchEvent(new Event('change', { bubbles: true }));
    await frames();
    phase('filtering');
    const search = document.querySelector<HTMLInputElement>('#queue-search');
    if (!search) throw new Error('no search box');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    for (const text of ['o', 'os', 'osa', 'osak', 'osaka']) {
      setValue?.call(search, text);
      search.dispatchEvent(new Event('input', { bubbles: true }));
      await frames();
    }
    phase('typing a search');
    return { rows: grid.querySelectorAll('[role="row"]').length, rowIndexes, phases };
  });
  const longest = Math.max(...Object.values(seen.phases));

  // The window of rows moved far down, and only a window of them is in the page.
  expect(Number(seen.rowIndexes[0])).toBeGreaterThan(1000);
  expect(seen.rows).toBeLessThan(200);
  await expect(page.getByTestId('queue-count')).toHaveText(/^\d+ of 10,000 jobs$/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('FAILED');
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('osaka');
  await expect(rowWith(page, 'Osaka').first()).toBeVisible();
  console.log(
    `queue with 10,000 jobs: longest task ${longest} ms (target < 50 ms); by step: ${Object.entries(
      seen.phases,
    )
      .map(([name, ms]) => `${name} ${ms} ms`)
      .join(', ')}`,
  );
  test.info().annotations.push({ type: 'longest task (ms)', description: String(Math.round(longest)) });
});

test('1,000 jobs changing at once: the page keeps up with the core (lag and longest task printed)', async ({
  page,
  app,
}) => {
  test.setTimeout(240_000);
  await startOnSandbox(page);
  await page.getByRole('link', { name: 'Queue' }).click();
  await watchLongTasks(page);

  const { handlers } = app.core;
  const projects = await handlers['projects:list'](undefined);
  const podcast = projects.find((project) => project.projectName === 'Weekly Podcast Intro')!;
  const TOTAL = 1000;
  for (let start = 0; start < TOTAL; start += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, offset) =>
        handlers['jobs:submit']({
          projectId: podcast.projectId,
          projectName: podcast.projectName,
          jobType: 'tts',
          values: {
            script: `Episode ${start + offset}`,
            voice_sample: { audio_url: 'https://cdn.example.com/voice.mp3', effects: [] },
          },
        }),
      ),
    );
  }

  // When the core knows every job is final, and when the page shows it.
  const coreDone = await (async () => {
    for (;;) {
      const jobs = await handlers['jobs:list'](undefined);
      if (jobs.length === TOTAL && jobs.every((job) => job.tracking === 'final')) return Date.now();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  await page.waitForFunction(
    (total) => {
      const state = (
        window as unknown as { __jrsDebugState(): { jobs: { byId: Record<string, { tracking: string }> } } }
      ).__jrsDebugState();
      const jobs = Object.values(state.jobs.byId);
      return jobs.length === total && jobs.every((job) => job.tracking === 'final');
    },
    TOTAL,
    { polling: 'raf', timeout: 60_000 },
  );
  const pageDone = Date.now();
  await expect(page.getByTestId('queue-count')).toHaveText('1,000 jobs');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Failed' });
  await expect(page.getByTestId('queue-count')).toHaveText('0 of 1,000 jobs');

  const longest = await longestTask(page);
  console.log(
    `1,000 jobs changing: the page showed the last change ${pageDone - coreDone} ms after the core had it (target ≤ 1000 ms); longest task ${Math.round(longest)} ms (target < 50 ms)`,
  );
});
