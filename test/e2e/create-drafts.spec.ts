// A project's unsent values survive a switch to another project and a restart of the app's core (issue 7):
// the real page, core and history database, through the harness.
import { expect, test } from './fixtures';
import { chooseProject, startOnSandbox } from './helpers';

test('a draft survives a project switch and a core restart; Clear form forgets it', async ({ page, app }) => {
  await startOnSandbox(page);
  await chooseProject(page, /Weekly Podcast Intro/);
  await page.getByLabel('Intro script').fill('Half-written intro about the spring range');

  // Another project, then back: the text is there.
  await chooseProject(page, /Catalog Photo QC/);
  await page.getByLabel('SKU').fill('SKU-0042');
  await chooseProject(page, /Weekly Podcast Intro/);
  await expect(page.getByLabel('Intro script')).toHaveValue('Half-written intro about the spring range');
  await expect(page.getByText('Your last values are back')).toBeVisible();

  // Quit and reopen on the same data: both drafts are still there.
  await app.restart();
  await page.reload();
  await chooseProject(page, /Weekly Podcast Intro/);
  await expect(page.getByLabel('Intro script')).toHaveValue('Half-written intro about the spring range');
  await chooseProject(page, /Catalog Photo QC/);
  await expect(page.getByLabel('SKU')).toHaveValue('SKU-0042');

  await page.getByRole('button', { name: 'Clear form' }).click();
  await expect(page.getByLabel('SKU')).toHaveValue('');
  await chooseProject(page, /Weekly Podcast Intro/);
  await chooseProject(page, /Catalog Photo QC/);
  await expect(page.getByLabel('SKU')).toHaveValue('');
  await expect(page.getByText('Your last values are back')).toHaveCount(0);
});
