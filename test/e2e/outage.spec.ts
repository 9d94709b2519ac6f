// An outage, against the real sandbox through the real core: the projects were loaded, then the service stops
// answering (stopped, or answering 5xx). Refresh keeps the list, marked stale, with one error that says what
// to do (and no screen the app does not have); the account's state shows whole in the header; once the
// service is back, Try again replaces the list and clears it all.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { loadSeedFile, startSandbox, withFirstAccountKey, type RunningSandbox } from '../../electron/sandbox';
import { defaultSeedPath } from '../../electron/sandbox/default-seed';
import { expect, test } from './fixtures';

const KEY = 'e2e-outage-key-00000042';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The seeded sandbox; on `port` when given, so that it comes back where the account points. */
function sandboxOn(port = 0): Promise<RunningSandbox> {
  return startSandbox({
    port,
    seed: withFirstAccountKey(loadSeedFile(defaultSeedPath()), KEY),
    dataDir: null,
  });
}

async function connect(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: /connect an account/i }).click();
  await page.getByLabel('Account name').fill('Acme marketing');
  await page.getByLabel('Service address').fill(url);
  await page.getByLabel('API key').fill(KEY);
  await page.getByRole('button', { name: 'Connect account' }).click();
  await expect(projectList(page)).toBeVisible();
}

function projectList(page: Page): Locator {
  return page.getByRole('list', { name: 'Active projects' });
}

/** Fails when any ancestor that clips (overflow other than visible) cuts the element off, or it ellipsises. */
async function expectWhole(element: Locator): Promise<void> {
  const clipped = await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const problems: string[] = [];
    if (node.scrollWidth > node.clientWidth + 1) problems.push('its own text overflows');
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const outer = parent.getBoundingClientRect();
      if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5)
        problems.push(`cut by .${parent.className || parent.tagName}`);
    }
    return problems;
  });
  expect(clipped, 'the account state is cut off').toEqual([]);
}

async function expectAccessible(page: Page, name: string, exclude: string[] = []): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${name}: serious or critical axe violations`).toEqual([]);
}

test('the service stops answering: Refresh keeps the list marked stale, one error says what to do; back, Try again clears it', async ({
  page,
  app: _app,
}) => {
  let sandbox = await sandboxOn();
  const port = sandbox.port;
  try {
    await connect(page, sandbox.url);
    const count = await projectList(page).getByRole('button').count();
    expect(count).toBeGreaterThan(1);

    await sandbox.close();
    await page.getByRole('button', { name: 'Refresh' }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toHaveCount(1, { timeout: 20_000 });
    await expect(alert).toContainText(`The service at 127.0.0.1:${port} could not be reached`);
    await expect(alert).toContainText('Check your internet connection and that the service is running');
    await expect(alert).toContainText(/Last updated \d{2}:\d{2} — can’t refresh right now/);
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
    // The list that was loaded stays, said to be out of date.
    await expect(projectList(page).getByRole('button')).toHaveCount(count);
    await expect(projectList(page)).toHaveAccessibleDescription(/Last updated \d{2}:\d{2}/);
    // It says what to do here, not somewhere else (Settings holds no service address to fix).
    await expect(alert).not.toContainText('Settings');

    // The account's state, whole, in the header, at both window sizes and in both themes (axe too).
    const switcher = page.getByRole('button', { name: /^Account: Acme marketing/ });
    await expect(switcher).toHaveAccessibleName(/unreachable/i);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 800, height: 560 },
    ]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await expect(switcher.getByText('Unreachable')).toBeVisible();
        await expectWhole(switcher.getByText('Unreachable'));
        await expectAccessible(page, `outage ${viewport.width}×${viewport.height} ${colorScheme}`);
      }
    }

    sandbox = await sandboxOn(port);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/Last updated/)).toHaveCount(0);
    await expect(projectList(page).getByRole('button')).toHaveCount(count);
    await expect(page.getByRole('button', { name: /^Account: Acme marketing/ })).not.toHaveAccessibleName(
      /unreachable/i,
    );
  } finally {
    await sandbox.close();
  }
});

test('the service answers 5xx for a while: the list stays marked stale with one error; then it refreshes', async ({
  page,
  app: _app,
}) => {
  const sandbox = await sandboxOn();
  try {
    await connect(page, sandbox.url);
    const count = await projectList(page).getByRole('button').count();

    sandbox.faults.set({ errorRate: 1 });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveCount(1, { timeout: 20_000 });
    await expect(alert).toContainText(/internal error \(HTTP 50[03]\)/);
    await expect(alert).toContainText(/Last updated \d{2}:\d{2} — can’t refresh right now/);
    await expect(projectList(page).getByRole('button')).toHaveCount(count);

    // Refresh in the panel's header does what Try again does.
    sandbox.faults.reset();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(projectList(page).getByRole('button')).toHaveCount(count);
  } finally {
    await sandbox.close();
  }
});
