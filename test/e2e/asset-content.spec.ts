// Files are checked by content in the real page (issue 7, bugs 3 and 4): zeros named .png are refused by
// their first bytes; a PNG header or an MP3 tag over a damaged body by Chromium's own decoders; a real image
// or WAV is uploaded with its dimensions or length shown; several files dropped on one field use the first
// and say so.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseProject, dropImage, startOnSandbox } from './helpers';

/** Drops files made in the page from the given bytes (number arrays) onto a drop zone. */
async function dropBytes(
  page: Page,
  zone: Locator,
  files: Array<{ name: string; type: string; bytes: number[] }>,
) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list)
      data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    return data;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop'])
    await zone.dispatchEvent(type, { dataTransfer: transfer });
  await transfer.dispose();
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

test('a file is checked by what it contains, not by its name', async ({ page, app }) => {
  await startOnSandbox(page);
  await chooseProject(page, /Social Banner 1080x1080/);
  const zone = page.getByTestId('dropzone-field-f2');

  await dropBytes(page, zone, [{ name: 'fake.png', type: 'image/png', bytes: new Array(4096).fill(0) }]);
  await expect(page.getByText(/fake\.png is not a readable image: its content is not PNG/)).toBeVisible();

  const damaged = [...PNG_SIGNATURE, ...new Array(400).fill(7)];
  await dropBytes(page, zone, [{ name: 'damaged.png', type: 'image/png', bytes: damaged }]);
  await expect(page.getByText(/damaged\.png could not be opened as an image/)).toBeVisible();
  expect(app.calls).not.toContain('assets:upload');
  await expect(page.getByRole('textbox', { name: /Product image/ })).toHaveValue('');

  // A real image passes both checks; its dimensions are shown.
  await dropImage(page, zone, 'real.png');
  await expect(page.getByText('real.png uploaded')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('· 240×240')).toBeVisible();
});

test('several files dropped on one field: the first is used, and the field says so', async ({
  page,
  app,
}) => {
  await startOnSandbox(page);
  await chooseProject(page, /Social Banner 1080x1080/);
  const zone = page.getByTestId('dropzone-field-f2');
  const zeros = new Array(64).fill(0);
  await dropBytes(page, zone, [
    { name: 'one.png', type: 'image/png', bytes: zeros },
    { name: 'two.png', type: 'image/png', bytes: zeros },
  ]);
  await expect(
    page.getByText('2 files were dropped; this field takes one, so only one.png is used.', { exact: false }),
  ).toBeVisible();
  // one.png itself is zeros: refused by content, and nothing was uploaded.
  await expect(page.getByText(/one\.png is not a readable image/)).toBeVisible();
  expect(app.calls.filter((call) => call === 'assets:upload')).toHaveLength(0);
});

/** A PCM WAV (8 kHz, mono, 8-bit, silence) lasting `seconds`: the smallest file Chromium really plays. */
function wavBytes(seconds: number): number[] {
  const rate = 8000;
  const data = rate * seconds;
  const text = (value: string) => [...value].map((char) => char.charCodeAt(0));
  const u32 = (value: number) => [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24];
  const u16 = (value: number) => [value & 0xff, value >>> 8];
  return [
    ...text('RIFF'),
    ...u32(36 + data),
    ...text('WAVEfmt '),
    ...u32(16),
    ...u16(1), // PCM
    ...u16(1), // mono
    ...u32(rate),
    ...u32(rate), // bytes per second
    ...u16(1), // bytes per sample
    ...u16(8), // bits per sample
    ...text('data'),
    ...u32(data),
    ...new Array<number>(data).fill(128),
  ];
}

test('an audio file is played by the page before upload: a damaged one refused, a good one timed', async ({
  page,
  app,
}) => {
  await startOnSandbox(page);
  await chooseProject(page, /Weekly Podcast Intro/);
  const zone = page.getByTestId('dropzone-field-f1');

  // An MP3 tag (so the first bytes pass) over a body that is not audio: Chromium's own decoder refuses it.
  const damaged = [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, ...new Array<number>(4000).fill(7)];
  await dropBytes(page, zone, [{ name: 'damaged.mp3', type: 'audio/mpeg', bytes: damaged }]);
  await expect(page.getByText(/damaged\.mp3 could not be played as audio/)).toBeVisible();
  expect(app.calls).not.toContain('assets:upload');

  await dropBytes(page, zone, [{ name: 'voice.wav', type: 'audio/wav', bytes: wavBytes(2) }]);
  await expect(page.getByText('voice.wav uploaded')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('· 0:02')).toBeVisible();
});
