// Downloads as a person uses them, through the real core and sandbox: a finished job's file downloads by
// itself with visible progress, pauses and resumes, then is shown in its folder, opened, dragged out and
// previewed; the file is the sandbox's, byte for byte. Settings: the folder picker, the naming template's
// live preview (and its refusal of a wrong part), and a job saved where the new settings say.
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Page } from '@playwright/test';
import { storedBytes } from '../fixtures/sandbox-outputs';
import { expect, test } from './fixtures';
import { startSeededSandbox } from './harness';
import { connectAccount, startOnSandbox } from './helpers';

const KEY = 'jrs-e2e-downloads-4Rt8sVq2';

/** Submits a Weekly Podcast Intro job (a WAV output, no upload needed) and waits for it to succeed. */
async function submitPodcast(page: Page, script: string): Promise<void> {
  await page.getByRole('button', { name: /Weekly Podcast Intro/ }).click();
  await page.getByLabel('Intro script').fill(script);
  await page.getByRole('textbox', { name: /Voice sample/ }).fill('https://example.com/voice.mp3');
  await page.getByRole('button', { name: 'Submit job' }).click();
  const jobs = page.getByRole('list', { name: 'Submitted jobs' });
  await expect(jobs.getByText('Succeeded', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
}

test('a finished job downloads by itself with progress, pauses, resumes, and is shown, opened, dragged and previewed', async ({
  page,
  app,
}) => {
  const sandbox = await startSeededSandbox(KEY);
  try {
    await connectAccount(page, 'Downloads test', sandbox.url, KEY);
    // A slow CDN, so that the download is seen under way and can be paused.
    sandbox.faults.set({ cdnBytesPerSecond: 8_000 });
    await submitPodcast(page, 'Downloads, one by one.');

    await page.keyboard.press('Control+2');
    const row = page.getByRole('row').filter({ hasText: 'Weekly Podcast Intro' });
    const fileCell = row.locator('.col-file');
    await expect(fileCell).toHaveText(/^\d+ %$/, { timeout: 20_000 });
    await expect(page.getByTestId('downloads-summary')).toContainText('Downloading 1 file');

    await row.click();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Job details' });
    const file = drawer.getByRole('region', { name: 'File' });
    await expect(file.getByRole('progressbar', { name: /Download of .*\.wav/ })).toBeVisible();
    await expect(file).toContainText(/of .* · .*\/s/);
    await file.getByRole('button', { name: 'Pause' }).click();
    await expect(fileCell).toHaveText(/^Paused \d+ %$/);
    await expect(page.getByTestId('downloads-summary')).toHaveText('1 paused');

    // Full speed again, and resumed from where it stopped.
    sandbox.faults.set({ cdnBytesPerSecond: null });
    await file.getByRole('button', { name: 'Resume' }).click();
    await expect(fileCell).toHaveText('Saved', { timeout: 20_000 });
    await expect(page.getByTestId('downloads-summary')).toHaveCount(0);

    const jobId = await row.getAttribute('data-job-id');
    const detail = await app.core.handlers['jobs:get']({ id: jobId! });
    const saved = (await app.core.handlers['downloads:list'](undefined)).find((d) => d.jobId === jobId);
    expect(saved?.path.startsWith(join(app.dataDir, 'Downloads', 'Weekly Podcast Intro') + sep)).toBe(true);
    // The default name: the project, the first text value and a short id.
    const fileName = `Weekly Podcast Intro - Downloads, one by one - ${detail.uuid!.slice(0, 8)}.wav`;
    expect(saved?.path.endsWith(`${sep}${fileName}`)).toBe(true);
    const onDisk = await readFile(saved!.path);
    expect(onDisk.equals(await storedBytes(sandbox, detail.outputPath!, KEY))).toBe(true);

    await file.getByRole('button', { name: 'Show in folder' }).click();
    await expect.poll(() => app.files.shown).toEqual([saved!.path]);
    await file.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => app.files.opened).toEqual([saved!.path]);
    await file.locator('.download-file').dispatchEvent('dragstart');
    await expect.poll(() => app.files.dragged).toEqual([saved!.path]);

    // The preview plays the local file: the audio element reads its length from it.
    const audio = file.locator('audio');
    await expect(audio).toHaveAccessibleName(`Play ${fileName}`);
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration))
      .toBeGreaterThan(0);
  } finally {
    await sandbox.close();
  }
});

test('Settings: the folder picker, the naming template’s live preview, and a job saved where they say', async ({
  page,
  app,
}) => {
  await startOnSandbox(page);
  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeFocused();

  const folder = page.getByLabel('Download folder');
  await expect(folder).toHaveValue(join(app.dataDir, 'Downloads'));
  const preview = page.getByTestId('template-preview');
  // No job has finished yet: the preview shows a sample job under the folder.
  await expect(preview).toHaveText(
    new RegExp(`^${escape(join(app.dataDir, 'Downloads', 'Spring Launch Spokesperson'))}`),
  );

  await page.getByRole('button', { name: 'Choose folder…' }).click();
  await expect(folder).toHaveValue(app.chosenFolder);
  const template = page.getByLabel('File names');
  await template.fill('{projet}/{jobId}.{ext}');
  await expect(page.getByText(/\{projet\} is not a part of a name/)).toBeVisible();
  await template.fill('podcasts/{values.script}.');
  await page.getByText('Parts you can use').click();
  await page.getByRole('button', { name: 'Add {ext} to the template' }).click();
  await expect(template).toHaveValue('podcasts/{values.script}.{ext}');
  await page.getByRole('region', { name: 'Downloads' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. New downloads use these settings.')).toBeVisible();
  // The sample job has no script: its file is named after it rather than left nameless.
  await expect(preview).toHaveText(
    join(app.chosenFolder, 'podcasts', '0f8fad5b-d9cb-469f-a165-70867728950e.mp4'),
  );

  await page.keyboard.press('Control+1');
  await submitPodcast(page, 'Hello: world?');
  const target = join(app.chosenFolder, 'podcasts', 'Hello_ world_.wav');
  await expect
    .poll(
      async () => (await readFile(target).catch(() => Buffer.alloc(0))).subarray(0, 4).toString('latin1'),
      {
        timeout: 20_000,
      },
    )
    .toBe('RIFF');

  // The preview now names that real job.
  await page.keyboard.press('Control+4');
  await template.fill('{project}/{values.script}.{ext}');
  await expect(preview).toHaveText(join(app.chosenFolder, 'Weekly Podcast Intro', 'Hello_ world_.wav'));
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
