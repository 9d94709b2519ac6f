// The Results screen (issue 17 item 8), for the screenshot tour and the accessibility check: the gallery
// of downloaded outputs of every kind (a video's first frame, images, a PDF's first page, audio to play),
// then filtered by a project, then one result's actions opened from the keyboard (Shift+F10).
import type { Locator, Page } from '@playwright/test';
import type { SubmitJob } from '../../electron/shared/domain/job';
import { expect } from './fixtures';
import type { Harness } from './harness';
import { startOnSandbox } from './helpers';
import type { TrustVisit } from './tour-trust';

const image = (name: string) => ({ image_url: `https://cdn.example.com/${name}.png` });
const audio = (name: string) => ({ audio_url: `https://cdn.example.com/${name}.mp3`, effects: [] });

/** One job of each kind of output the sandbox makes, by project name. */
const JOBS: Record<string, SubmitJob['values']> = {
  'Product Teaser 15s': { headline: 'Spring is here', product_shot: image('shoe'), jingle: audio('jingle') },
  'Weekly Podcast Intro': {
    // Long enough (about 8 s of sound) to be still playing when the audio test leaves the screen.
    script: 'Welcome to the spring episode: new colours, new stores and a word from our makers.',
    voice_sample: audio('voice'),
  },
  'Social Banner 1080x1080': { headline: 'Spring sale', subline: 'Lisbon', product_image: image('bag') },
  'Quarterly Product One-Pager': {
    title: 'Q2 at a glance',
    body: 'Three new colours.',
    hero_image: image('hero'),
  },
};

/** The batch's name, and its rows (Social Banner's sublines). */
export const GALLERY_BATCH = 'Spring cities';
const BATCH_ROWS = ['Porto', 'Faro'];

/**
 * Through the core (as the form and the import would): the four jobs above and a batch of two banners;
 * resolves once every file is downloaded (the sandbox account downloads finished jobs by itself).
 */
export async function submitGalleryJobs(app: Harness): Promise<number> {
  const { handlers } = app.core;
  const projects = await handlers['projects:list'](undefined);
  const project = (name: string) => {
    const found = projects.find((candidate) => candidate.projectName === name);
    if (!found) throw new Error(`No project ${name} on the sandbox`);
    return { ...found, projectType: found.projectType as SubmitJob['jobType'] };
  };
  for (const [name, values] of Object.entries(JOBS)) {
    const { projectId, projectName, projectType } = project(name);
    await handlers['jobs:submit']({ projectId, projectName, jobType: projectType, values });
  }
  const banner = project('Social Banner 1080x1080');
  await handlers['batches:create']({
    projectId: banner.projectId,
    projectName: banner.projectName,
    name: GALLERY_BATCH,
    nameTemplate: null,
    sheet: null,
    jobs: BATCH_ROWS.map((city, row) => ({
      row,
      request: {
        projectId: banner.projectId,
        projectName: banner.projectName,
        jobType: banner.projectType,
        values: { headline: 'Spring sale', subline: city, product_image: image(city.toLowerCase()) },
      },
    })),
  });
  const total = Object.keys(JOBS).length + BATCH_ROWS.length;
  await expect
    .poll(
      async () => (await handlers['downloads:list'](undefined)).filter((d) => d.state === 'done').length,
      { timeout: 60_000 },
    )
    .toBe(total);
  return total;
}

/** The Results screen's own part of the page (the other screens have filters named alike). */
export function resultsScreen(page: Page): Locator {
  return page.locator('section#results');
}

/** The gallery's cards (grid cells). */
export function resultCards(page: Page): Locator {
  return page.getByRole('grid', { name: 'Results' }).getByRole('gridcell');
}

/** Waits until every card that has a picture shows it: an image loaded from a blob: URL, with a width. */
export async function expectPictures(page: Page, count: number): Promise<void> {
  const pictures = page.getByRole('grid', { name: 'Results' }).locator('[data-picture="picture"] img');
  await expect(pictures).toHaveCount(count, { timeout: 30_000 });
  await expect
    .poll(() =>
      pictures.evaluateAll((images) =>
        (images as HTMLImageElement[]).every(
          (img) => img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:'),
        ),
      ),
    )
    .toBe(true);
}

/**
 * From the first-run screen: the sandbox, its jobs of every kind downloaded, then Results (Ctrl+5) with all
 * of them ('22a-results-gallery'), filtered by Social Banner ('22b-results-by-project'), and the first
 * banner's actions opened with Shift+F10, Open focused ('22c-results-item-actions'). Leaves the menu closed
 * and the filter cleared.
 */
export async function tourGalleryScreens(page: Page, app: Harness, visit: TrustVisit): Promise<void> {
  await startOnSandbox(page);
  const total = await submitGalleryJobs(app);

  await page.keyboard.press('Control+5');
  await expect(page.getByRole('heading', { name: 'Results', level: 2 })).toBeFocused();
  const grid = page.getByRole('grid', { name: 'Results' });
  await expect(resultCards(page)).toHaveCount(total);
  // Every kind but audio has a picture: the video's first frame, four images, the PDF's first page.
  await expectPictures(page, total - 1);
  await expect(grid.getByRole('button', { name: /^Play .*\.wav$/ })).toBeVisible();
  await visit('22a-results-gallery', page, grid);

  await resultsScreen(page)
    .getByRole('combobox', { name: 'Project' })
    .selectOption({ label: 'Social Banner 1080x1080' });
  await expect(resultCards(page)).toHaveCount(3);
  await expect(page.getByTestId('results-count')).toHaveText(`3 results of ${total}`);
  await visit('22b-results-by-project', page, grid);

  const first = resultCards(page).first();
  await first.focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: /^Actions for / });
  await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();
  await visit('22c-results-item-actions', page, first);
  await page.keyboard.press('Escape');
  await expect(first).toBeFocused();
  await resultsScreen(page)
    .getByRole('combobox', { name: 'Project' })
    .selectOption({ label: 'All projects' });
}
