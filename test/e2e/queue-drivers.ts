// The queue's heavy scenes, shared by the e2e spec (which asserts what a person sees) and `npm run
// bench:queue` (which prints how long the page's longest task took): 10,000 jobs scrolled, filtered and
// searched from inside the page, and 1,000 jobs submitted at once and followed to the end.
// Scenes are driven from inside the page, as a person's wheel and keys would be: Playwright's own locators
// run in the page too, and their tasks must not be counted as the app's.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { Harness } from './harness';
import { seedHistory } from './seed-history';

/** What the page went through since the last reading, in ms. */
export interface Stalls {
  /** The longest task (the Long Tasks API reports those of 50 ms and more; 0 when there was none). */
  longestTask: number;
  /** The longest time between two animation frames (16.7 ms when every frame came on time). */
  longestFrameGap: number;
}

/**
 * Starts recording the page's long tasks (PerformanceObserver) and the gaps between its animation frames;
 * readStalls() and the scenes read and reset them.
 */
export async function watchStalls(page: Page): Promise<void> {
  await page.evaluate(() => {
    const perf = { longestTask: 0, longestFrameGap: 0, lastFrame: performance.now() };
    // Read and reset; a scene driven inside the page calls it between its steps.
    (window as unknown as { __takeStalls(): Stalls }).__takeStalls = () => {
      const stalls = {
        longestTask: Math.round(perf.longestTask),
        longestFrameGap: Math.round(perf.longestFrameGap),
      };
      perf.longestTask = 0;
      perf.longestFrameGap = 0;
      return stalls;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) perf.longestTask = Math.max(perf.longestTask, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
    const frame = (now: number) => {
      perf.longestFrameGap = Math.max(perf.longestFrameGap, now - perf.lastFrame);
      perf.lastFrame = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

export async function readStalls(page: Page): Promise<Stalls> {
  return page.evaluate(() => (window as unknown as { __takeStalls(): Stalls }).__takeStalls());
}

/** Seeds 10,000 finished jobs for the active account and opens the Queue on them. */
export async function openTenThousand(page: Page, app: Harness): Promise<void> {
  const snapshot = await app.core.handlers['accounts:snapshot'](undefined);
  seedHistory(app.dataDir, snapshot.activeId!, 10_000);
  await page.reload();
  await page.getByRole('link', { name: 'Queue' }).click();
  await expect(page.getByTestId('queue-count')).toHaveText('10,000 jobs', { timeout: 30_000 });
}

export interface TenThousandScene {
  scrolling: Stalls;
  filtering: Stalls;
  search: Stalls;
  /** aria-rowindex of the last row in the page after scrolling. */
  lastRowIndex: number;
  /** Rows in the page at the end. */
  rows: number;
}

/**
 * On the open Queue: 40 jumps of 2,400 px down (a scrollbar dragged through the list), the status filter
 * set to Failed, then "osaka" typed into the search a letter at a time.
 */
export async function scrollFilterSearch(page: Page): Promise<TenThousandScene> {
  await watchStalls(page);
  return page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const grid = document.querySelector<HTMLElement>('[role="grid"][aria-label="Jobs"]');
    if (!grid) throw new Error('no grid');
    // Two frames after the list shown is the one asked for (the grid is aria-busy while it is worked out),
    // so that the work of each step is counted in that step.
    const frames = async () => {
      await frame();
      for (let waited = 0; grid.getAttribute('aria-busy') === 'true' && waited < 600; waited += 1)
        await frame();
      await frame();
      await frame();
    };
    const take = (window as unknown as { __takeStalls(): Stalls }).__takeStalls;
    await frames();
    take();
    for (let step = 0; step < 40; step += 1) {
      grid.scrollTop += 2400;
      await frames();
    }
    const lastRow = grid.querySelector('[role="row"][aria-rowindex]:last-child');
    const lastRowIndex = Number(lastRow?.getAttribute('aria-rowindex') ?? 0);
    const scrolling = take();

    const status = document.querySelector<HTMLSelectElement>('#queue-filter-status');
    if (!status) throw new Error('no status filter');
    status.value = [...status.options].find((option) => option.textContent === 'Failed')?.value ?? '';
    status.dispatchEvent(new Event('change', { bubbles: true }));
    await frames();
    const filtering = take();

    const search = document.querySelector<HTMLInputElement>('#queue-search');
    if (!search) throw new Error('no search box');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    for (const text of ['o', 'os', 'osa', 'osak', 'osaka']) {
      setValue?.call(search, text);
      search.dispatchEvent(new Event('input', { bubbles: true }));
      await frames();
    }
    return {
      scrolling,
      filtering,
      search: take(),
      lastRowIndex,
      rows: grid.querySelectorAll('[role="row"]').length,
    };
  });
}

export interface ThousandChangingScene {
  jobs: number;
  /** How long after the core knew every job final the page showed it, in ms. */
  lagMs: number;
  /** From the first submission to the last change shown. */
  stalls: Stalls;
}

/**
 * On the open Queue: `total` podcast jobs submitted through the core in waves of 50, followed until every
 * one is final in the core, then in the page.
 */
export async function thousandChanging(
  page: Page,
  app: Harness,
  total = 1000,
): Promise<ThousandChangingScene> {
  await watchStalls(page);
  const { handlers } = app.core;
  const projects = await handlers['projects:list'](undefined);
  const podcast = projects.find((project) => project.projectName === 'Weekly Podcast Intro')!;
  for (let start = 0; start < total; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, total - start) }, (_, offset) =>
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
      if (jobs.length === total && jobs.every((job) => job.tracking === 'final')) return Date.now();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  await page.waitForFunction(
    (count) => {
      const state = (
        window as unknown as { __jrsDebugState(): { jobs: { byId: Record<string, { tracking: string }> } } }
      ).__jrsDebugState();
      const jobs = Object.values(state.jobs.byId);
      return jobs.length === count && jobs.every((job) => job.tracking === 'final');
    },
    total,
    { polling: 'raf', timeout: 60_000 },
  );
  const lagMs = Date.now() - coreDone;
  return { jobs: total, lagMs, stalls: await readStalls(page) };
}
