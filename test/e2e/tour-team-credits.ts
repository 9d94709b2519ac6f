// Issue 19's screens of who submitted what, for the screenshot tour and the accessibility check: the name
// set in Settings (a blank one refused under the field first), two jobs submitted on the sandbox under two
// names, the queue showing each job's submitter and filtered to "Me", and Settings → Credits spent with its
// two tables. Starts from the first-run screen.
import type { Locator, Page } from '@playwright/test';
import type { JobType } from '../../electron/shared/api/job-types';
import { expect } from './fixtures';
import type { Harness } from './harness';
import { startOnSandbox } from './helpers';
import type { TrustVisit } from './tour-trust';

const PODCAST = 'Weekly Podcast Intro';

export const grid = (page: Page): Locator => page.getByRole('grid', { name: 'Jobs' });
export const rowWith = (page: Page, text: string): Locator =>
  grid(page).getByRole('row').filter({ hasText: text });

/** Settings → Your name on the team: types the name and saves it with Enter; the confirmation shows. */
export async function setNameInSettings(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeFocused();
  const section = page.getByRole('region', { name: 'Your name on the team' });
  const field = section.getByRole('textbox', { name: 'Name' });
  await field.fill(name);
  await field.press('Enter');
  await expect(section.getByRole('status')).toContainText(
    `Saved. Jobs you submit from now on show “${name}”`,
  );
}

/** One podcast intro through the core, as the form sends it. */
export async function submitPodcast(app: Harness, city: string): Promise<void> {
  const { handlers } = app.core;
  const podcast = (await handlers['projects:list'](undefined)).find(
    (candidate) => candidate.projectName === PODCAST,
  );
  if (!podcast) throw new Error(`The sandbox has no project “${PODCAST}”.`);
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

/**
 * From the first-run screen: the sandbox; a blank name refused, then "Ben on laptop" saved and a job sent
 * (Berlin), "Ada Lovelace" saved and another (Lagos); both finished in the queue, which shows who sent each
 * and, filtered to Me, only Ada's (`61-queue-submitted-by`); then Settings → Credits spent, this month, by
 * person and by batch (`60-credits-by-person`).
 */
export async function tourTeamCreditsScreens(page: Page, app: Harness, visit: TrustVisit): Promise<void> {
  await startOnSandbox(page);
  await page.keyboard.press('Control+4');
  const nameSection = page.getByRole('region', { name: 'Your name on the team' });
  const field = nameSection.getByRole('textbox', { name: 'Name' });
  await field.fill('   ');
  await nameSection.getByRole('button', { name: 'Save name' }).click();
  await expect(field).toHaveAccessibleDescription(/Type a name: it is shown on every job you submit\./);

  await setNameInSettings(page, 'Ben on laptop');
  await submitPodcast(app, 'Berlin');
  await setNameInSettings(page, 'Ada Lovelace');
  await submitPodcast(app, 'Lagos');

  await page.getByRole('link', { name: 'Queue' }).click();
  await expect(rowWith(page, 'Berlin')).toContainText('Succeeded', { timeout: 30_000 });
  await expect(rowWith(page, 'Lagos')).toContainText('Succeeded', { timeout: 30_000 });
  await expect(rowWith(page, 'Berlin').getByTestId('submitted-by')).toHaveAttribute(
    'title',
    'Submitted by Ben on laptop',
  );
  await expect(rowWith(page, 'Berlin')).toContainText('by Ben on laptop');
  await expect(rowWith(page, 'Lagos').getByTestId('submitted-by')).toHaveAttribute(
    'title',
    'Submitted by Ada Lovelace',
  );
  await expect(rowWith(page, 'Lagos')).toContainText('by Ada Lovelace');
  const person = page.getByRole('combobox', { name: 'Submitted by' });
  await person.selectOption({ label: 'Me (Ada Lovelace)' });
  await expect(grid(page).getByRole('row')).toHaveCount(2);
  await expect(rowWith(page, 'Lagos')).toBeVisible();
  await person.focus();
  await visit('61-queue-submitted-by', page, page.getByRole('search', { name: 'Filter jobs' }));

  await page.keyboard.press('Control+4');
  const credits = page.getByRole('region', { name: 'Credits spent' });
  await credits.scrollIntoViewIfNeeded();
  const byPerson = credits.getByRole('table', { name: 'By person' });
  await expect(byPerson.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();
  await expect(byPerson.getByRole('row', { name: /Ben on laptop/ })).toBeVisible();
  await expect(
    credits.getByRole('table', { name: 'By batch' }).getByRole('row', { name: /Single jobs/ }),
  ).toContainText('2');
  await visit('60-credits-by-person', page, credits);
}
