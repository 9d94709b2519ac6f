// Uploads on a real (non-sandbox) account, issue 17 items 1, 10 and 11: with no asset storage the form says
// so once, where the drop area was, with a button to Settings → Asset storage (its choices real radio
// buttons), and comes back with what was typed; once a bucket is set up, a dropped file goes there. And the
// Remove button of an uploaded file stays inside its drop zone at both window sizes.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseProject, connectAccount, dropImage, startOnSandbox } from './helpers';
import { startSeededSandbox } from './harness';
import { startS3Server } from '../fixtures/s3-server';
import { tourUploadsScreens } from './tour-uploads';

const KEY = 'uploads-real-account-key-0001';

/** axe at the screen shown: no serious or critical violations (as accessibility.spec.ts checks). */
async function expectAccessible(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await testInfo.attach(`axe-${screen}.json`, {
    body: JSON.stringify(results.violations.map((v) => `${v.impact ?? ''} ${v.id}`)),
    contentType: 'application/json',
  });
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    `${screen}: serious or critical axe violations`,
  ).toEqual([]);
}

test('a real account without asset storage says so once, opens its settings and comes back with the values', async ({
  page,
  app: _app,
}) => {
  const sandbox = await startSeededSandbox(KEY);
  const s3 = await startS3Server();
  try {
    await connectAccount(page, 'Acme EU', sandbox.url, KEY);
    // A video project: two asset fields of its own and the background music, three places for a file.
    await chooseProject(page, /Product Teaser 15s/);
    await page.getByLabel('Headline').fill('Spring launch, fifteen seconds');
    await page.getByRole('textbox', { name: /Product shot/ }).fill('https://example.com/shot.png');

    await expect(page.getByText(/File uploads need asset storage/)).toHaveCount(1);
    const setUp = page.getByRole('button', { name: 'Set up asset storage' });
    await expect(setUp).toHaveCount(1);
    // Each asset field still takes a web address.
    await expect(page.getByRole('textbox', { name: /Jingle/ })).toBeEditable();
    await expect(page.getByRole('textbox', { name: /Music/ })).toBeEditable();

    await setUp.focus();
    await page.keyboard.press('Enter');
    const storageHeading = page.getByRole('heading', { name: 'Asset storage' });
    await expect(storageHeading).toBeFocused();

    // The choices are radio buttons in one group: the arrow keys move between them.
    const choices = page.getByRole('radiogroup', { name: /Files dropped in jobs and batches go to/ });
    await expect(choices.getByRole('radio')).toHaveCount(3);
    const own = choices.getByRole('radio', { name: /The account’s own storage/ });
    const bucket = choices.getByRole('radio', { name: /An S3-compatible bucket/ });
    await expect(own).toBeChecked();
    await own.focus();
    await page.keyboard.press('ArrowDown');
    await expect(bucket).toBeChecked();
    await expect(bucket).toBeFocused();
    await expect(bucket).toHaveCSS('border-radius', '50%');

    // Back without saving: the form as it was left, focus on the button that went away from it.
    await page.getByRole('button', { name: 'Back to the form' }).click();
    await expect(page.getByLabel('Headline')).toHaveValue('Spring launch, fifteen seconds');
    await expect(page.getByRole('textbox', { name: /Product shot/ })).toHaveValue(
      'https://example.com/shot.png',
    );
    await expect(setUp).toBeFocused();

    // Now with a bucket: the drop area is back, and a dropped photo goes into the bucket.
    await setUp.click();
    const section = page.getByRole('region', { name: 'Asset storage' });
    await section.getByRole('radio', { name: /An S3-compatible bucket/ }).check();
    await section.getByLabel('Endpoint', { exact: true }).fill(s3.endpoint);
    await section.getByLabel('Bucket', { exact: true }).fill('campaign-assets');
    await section.getByLabel('Access key id', { exact: true }).fill('S3RVER');
    await section.getByLabel('Secret access key', { exact: true }).fill(s3.secret);
    await section.getByLabel(/Path-style/).check();
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Saved.')).toBeVisible();
    await section.getByRole('button', { name: 'Back to the form' }).click();

    await expect(page.getByText(/File uploads need asset storage/)).toHaveCount(0);
    await expect(page.getByLabel('Headline')).toHaveValue('Spring launch, fifteen seconds');
    await page.getByRole('button', { name: 'Remove' }).first().click();
    await dropImage(page, page.getByTestId('dropzone-field-f1'), 'shot.png');
    await expect(page.getByText('shot.png uploaded')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('textbox', { name: /Product shot/ })).toHaveValue(
      new RegExp(`^${s3.endpoint}/campaign-assets/`),
    );
  } finally {
    await s3.close();
    await sandbox.close();
  }
});

/** A WAV of `seconds` of silence, 8 kHz mono, as number bytes. */
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
    ...u16(1),
    ...u16(1),
    ...u32(rate),
    ...u32(rate),
    ...u16(1),
    ...u16(8),
    ...text('data'),
    ...u32(data),
    ...new Array<number>(data).fill(128),
  ];
}

async function dropWav(page: Page, zone: Locator, name: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ bytes, fileName }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], fileName, { type: 'audio/wav' }));
      return data;
    },
    { bytes: wavBytes(2), fileName: name },
  );
  for (const type of ['dragenter', 'dragover', 'drop'])
    await zone.dispatchEvent(type, { dataTransfer: transfer });
  await transfer.dispose();
}

/** Whether `inner` lies wholly inside `outer` (a pixel of rounding allowed). */
async function expectInside(inner: Locator, outer: Locator, what: string): Promise<void> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  if (!a || !b) throw new Error(`${what}: not on screen`);
  expect(
    {
      left: a.x >= b.x - 1,
      top: a.y >= b.y - 1,
      right: a.x + a.width <= b.x + b.width + 1,
      bottom: a.y + a.height <= b.y + b.height + 1,
    },
    `${what}: ${JSON.stringify(a)} inside ${JSON.stringify(b)}`,
  ).toEqual({ left: true, top: true, right: true, bottom: true });
}

test('the Remove button of an uploaded file stays inside its drop zone at both window sizes', async ({
  page,
  app: _app,
}) => {
  await startOnSandbox(page);
  await chooseProject(page, /Product Teaser 15s/);
  const image = page.getByTestId('dropzone-field-f1');
  const audio = page.getByTestId('dropzone-field-f2');
  await dropImage(page, image, 'a-product-shot-with-a-rather-long-name.png');
  await expect(page.getByText('a-product-shot-with-a-rather-long-name.png uploaded')).toBeVisible({
    timeout: 15_000,
  });
  await dropWav(page, audio, 'jingle-for-the-spring-launch.wav');
  await expect(page.getByText('jingle-for-the-spring-launch.wav uploaded')).toBeVisible({
    timeout: 15_000,
  });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 800, height: 560 },
  ]) {
    await page.setViewportSize(size);
    for (const [zone, what] of [
      [image, 'image'],
      [audio, 'audio'],
    ] as const) {
      await zone.scrollIntoViewIfNeeded();
      const at = `${what} at ${size.width}×${size.height}`;
      await expectInside(zone.getByRole('button', { name: 'Remove' }), zone, `Remove of the ${at}`);
      await expectInside(
        zone.getByRole('button', { name: 'Choose file…' }),
        zone,
        `Choose file of the ${at}`,
      );
    }
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the uploads tour passes axe at ${colorScheme === 'light' ? 'both sizes' : '800×560'} in the ${colorScheme} theme`, async ({
    page,
    app,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await tourUploadsScreens(page, app, async (name, tab, show) => {
      for (const size of [
        { width: 1280, height: 800 },
        { width: 800, height: 560 },
      ]) {
        await tab.setViewportSize(size);
        await show?.scrollIntoViewIfNeeded();
        // Contrast differs by theme, layout by size: light at both sizes, dark at the small one.
        if (colorScheme === 'light' || size.width === 800)
          await expectAccessible(tab, testInfo, `${name}-${size.width}`);
        await tab.screenshot({ path: `/tmp/uploads/tour-${name}-${colorScheme}-${size.width}.png` });
      }
      await tab.setViewportSize({ width: 1280, height: 800 });
    });
  });
}
