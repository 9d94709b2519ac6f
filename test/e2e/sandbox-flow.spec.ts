// The main flow on the built-in sandbox: first run → projects (search, type filter) → the image project's
// generated form (empty fields flagged) → a dropped image uploaded → submit → the job reaches SUCCESS and the
// credits in the header drop.
import { expect, test } from './fixtures';
import { chooseProject, dropImage, projectButton, shownCredits, startOnSandbox } from './helpers';

test('first run on the sandbox: find a project, fill its form with a dropped image, follow the job', async ({
  page,
  app,
}) => {
  await expect(page.getByRole('heading', { level: 1 })).toContainText('branded videos');
  await startOnSandbox(page);

  // The default seed has 8 active projects (one future, one past and one deleted are not listed).
  const list = page.getByRole('list', { name: 'Active projects' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  await expect(list.locator('em', { hasText: 'Untitled project' })).toBeVisible();
  // A window is mentioned only where it matters (ends within 14 days, or starts later).
  await expect(projectButton(page, /Spring Launch Spokesperson/)).not.toContainText('Always active');
  await expect(projectButton(page, /Product Teaser 15s/)).not.toContainText('2099');

  // Search by name, case-insensitively.
  const search = page.getByRole('searchbox', { name: 'Search projects by name or type' });
  await search.fill('podCAST');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Weekly Podcast Intro');
  await search.fill('no such project');
  await expect(page.getByText('No project matches')).toBeVisible();
  await search.fill('');

  // Filter by type: the seed has two image projects (one without a name).
  await page.getByRole('combobox', { name: 'Project type' }).selectOption({ label: 'Image' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('2 of 8 projects')).toBeVisible();

  await chooseProject(page, /Social Banner 1080x1080/);
  await expect(page.getByRole('heading', { name: 'Social Banner 1080x1080' })).toBeVisible();
  // A colour field gets a picker beside its text.
  await expect(page.getByLabel('Pick a colour')).toHaveAccessibleDescription('Accent colour');

  // Submitting the empty form lists every empty field first; going back focuses the first.
  await page.getByRole('button', { name: 'Submit job' }).click();
  const empty = page.getByRole('alertdialog', { name: '4 fields are empty' });
  await expect(empty.getByRole('listitem')).toHaveText([
    'Headline',
    'Subline',
    'Product image',
    'Accent colour',
  ]);
  await empty.getByRole('button', { name: 'Go back and fill them' }).click();
  await expect(page.getByLabel('Headline')).toBeFocused();

  await page.getByLabel('Headline').fill('Spring is here');
  await page.getByLabel('Subline').fill('New colours, same comfort. In stores from Monday.');
  await page.getByLabel('Accent colour').fill('#FF6600');
  // The picker follows the text, and the text keeps the way it was written.
  await expect(page.getByLabel('Pick a colour')).toHaveValue('#ff6600');
  await dropImage(page, page.getByTestId('dropzone-field-f2'), 'banner-product.png');
  await expect(page.getByText('banner-product.png uploaded')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('img', { name: 'Preview of Product image' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Product image/ })).toHaveValue(
    /^http:\/\/127\.0\.0\.1:\d+\//,
  );

  const before = await shownCredits(page);
  await page.getByRole('button', { name: 'Submit job' }).click();
  await expect(page.getByText(/Job submitted/)).toBeVisible();

  const jobs = page.getByRole('list', { name: 'Submitted jobs' });
  const row = jobs.getByRole('listitem').first();
  await expect(row).toContainText('Social Banner 1080x1080');
  await expect(row).toContainText('Image');
  await expect(row.getByText(/^(Queued|Started|In progress)$/)).toBeVisible();
  await expect(row.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => shownCredits(page), { timeout: 15_000 }).toBeLessThan(before);
  expect(app.calls).toContain('assets:upload');
});

test('a talking-video project gets background music controls; the volume works from the keyboard', async ({
  page,
  app: _app,
}) => {
  await startOnSandbox(page);
  await chooseProject(page, /Spring Launch Spokesperson/);
  await expect(page.getByRole('heading', { name: 'Background music' })).toBeVisible();
  const volume = page.getByRole('slider', { name: 'Volume' });
  await expect(volume).toHaveAttribute('aria-valuetext', '50%');
  await volume.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(volume).toHaveAttribute('aria-valuetext', '52%');
  await page.keyboard.press('End');
  await expect(volume).toHaveAttribute('aria-valuetext', '100%');
  await expect(page.getByLabel('Music starts at (seconds)')).toHaveValue('0');
  await expect(page.getByLabel('Presenter script')).toHaveJSProperty('tagName', 'TEXTAREA');
  // The script's box grows with what is written, and counts it.
  const script = page.getByLabel('Presenter script');
  const before = (await script.boundingBox())?.height ?? 0;
  const long = Array.from({ length: 8 }, (_, line) => `Line ${line + 1} of the presenter's script.`).join(
    '\n',
  );
  await script.fill(long);
  await expect.poll(async () => (await script.boundingBox())?.height ?? 0).toBeGreaterThan(before * 1.5);
  await expect(page.getByText(`${long.length} characters`)).toBeVisible();
});
