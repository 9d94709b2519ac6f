// The small-items tour (tour-small.ts) run on its own with axe at each visit, in light and dark, at both
// sizes; the lead's screenshot tour and accessibility spec call the same function.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tourSmallScreens } from './tour-small';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 560 },
] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the small-items tour passes axe and keeps its part in view (${colorScheme})`, async ({
    page,
    app,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const visited: string[] = [];
    await tourSmallScreens(page, app, async (name, tab, show) => {
      visited.push(name);
      for (const size of SIZES) {
        await tab.setViewportSize(size);
        if (show) {
          await show.scrollIntoViewIfNeeded();
          await expect(show).toBeInViewport();
        }
        expect(await seriousViolations(tab), `${name} at ${size.width}×${size.height}`).toEqual([]);
        if (process.env['JRS_SMALL_SHOTS'])
          await tab.screenshot({ path: `/tmp/small-${name}-${colorScheme}-${size.width}.png` });
      }
      await tab.setViewportSize(SIZES[0]);
    });
    expect(visited).toEqual([
      '23a-host-stopped',
      '23b-host-back-sign-in',
      '23c-project-search-match',
      '23d-download-name-preview',
    ]);
  });
}
