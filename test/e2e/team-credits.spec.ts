// Issue 19's screens through the real core and sandbox: the name on the team set in Settings (a blank one
// refused in words), each job in the queue showing who submitted it and the Submitted by filter, and
// Settings → Credits spent by person and by batch with its CSV (a name that looks like a formula defused).
// Runs the tour with axe at both sizes (serious/critical: none) and checks nothing of each part is off-screen.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { checkedVisit } from './on-screen';
import { setNameInSettings, submitPodcast, tourTeamCreditsScreens } from './tour-team-credits';

test('who submitted each job: the name set in Settings, shown and filtered in the queue, credits spent by person and batch, as CSV', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const seen: string[] = [];
  await tourTeamCreditsScreens(page, app, checkedVisit(seen));
  expect(seen).toEqual(['61-queue-submitted-by', '60-credits-by-person']);

  // Everyone again: both rows; then the other name alone.
  await page.getByRole('link', { name: 'Queue' }).click();
  const person = page.getByRole('combobox', { name: 'Submitted by' });
  await person.selectOption({ label: 'Everyone' });
  await expect(page.getByRole('grid', { name: 'Jobs' }).getByRole('row')).toHaveCount(3);
  await person.selectOption({ label: 'Ben on laptop' });
  await expect(page.getByRole('grid', { name: 'Jobs' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('grid', { name: 'Jobs' }).getByRole('row').nth(1)).toContainText('Berlin');
  // The details say it too.
  await page.getByRole('grid', { name: 'Jobs' }).getByRole('row').nth(1).dblclick();
  const details = page.getByRole('dialog', { name: 'Job details' });
  await expect(details.locator('.fact').filter({ hasText: 'Submitted by' })).toContainText('Ben on laptop');
  await page.getByRole('button', { name: 'Close the details' }).click();

  // A name from someone else that a spreadsheet would run: the CSV defuses it.
  await setNameInSettings(page, '=HYPERLINK("https://evil.example","x")');
  await submitPodcast(app, 'Oslo');
  await page.getByRole('link', { name: 'Queue' }).click();
  await person.selectOption({ label: 'Everyone' });
  const oslo = page.getByRole('grid', { name: 'Jobs' }).getByRole('row').filter({ hasText: 'Oslo' });
  await expect(oslo).toContainText('Succeeded', { timeout: 30_000 });
  await page.keyboard.press('Control+4');
  const credits = page.getByRole('region', { name: 'Credits spent' });
  await expect(credits.getByRole('table', { name: 'By person' }).getByRole('row')).toHaveCount(5);
  await credits.getByRole('button', { name: 'Export CSV…' }).click();
  await expect(credits.getByRole('status').filter({ hasText: 'Saved to' })).toBeVisible();
  const csv = readFileSync(app.exports.at(-1)!, 'utf8');
  expect(app.exports.at(-1)).toMatch(/credits-spent-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv).toContain(`person,"'=HYPERLINK(""https://evil.example"",""x"")",1,`);
  expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  expect(csv).toMatch(/person,Ada Lovelace,1,/);
  expect(csv).toMatch(/batch,Single jobs,3,/);

  // Custom dates that end before they start are said in words, and nothing is read.
  await credits.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Custom dates' });
  await credits.getByLabel('First day').fill('2026-03-10');
  await credits.getByLabel('Last day').fill('2026-03-01');
  await expect(
    credits.getByText('The last day is before the first day: choose a later last day.'),
  ).toBeVisible();
  await credits.getByLabel('Last day').fill('2026-03-11');
  await expect(credits.getByText('No credits spent in this period')).toBeVisible();
});
