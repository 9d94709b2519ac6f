// Whether a part of a screen fits the window across (the 800×560 check every tour makes), and the visit
// the feature specs give their tours: each screen checked on screen and by axe, both sizes and themes.
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect } from './fixtures';

/** Nothing of the part lies left or right of the window. */
export async function expectOnScreen(page: Page, part: Locator, name: string): Promise<void> {
  const box = await part.boundingBox();
  const size = page.viewportSize()!;
  expect(box, `${name}: the part shows`).not.toBeNull();
  expect(box!.x, name).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, name).toBeLessThanOrEqual(size.width + 0.5);
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 560 },
];

/**
 * A tour's visit that checks each screen where the tour shows it: the part on screen at 1280×800 and 800×560
 * in light and dark, and axe (contrast differs by theme, layout by size: light at both sizes, dark at the
 * small one); the names visited are pushed to `seen`. JRS_TEAM_SHOTS=1 keeps a PNG of each in /tmp.
 */
export function checkedVisit(seen: string[]) {
  return async (name: string, tab: Page, show?: Locator): Promise<void> => {
    seen.push(name);
    for (const scheme of ['light', 'dark'] as const) {
      await tab.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      for (const size of SIZES) {
        await tab.setViewportSize(size);
        if (show) await show.scrollIntoViewIfNeeded();
        if (show) await expectOnScreen(tab, show, `${name} ${size.width} ${scheme}`);
        if (scheme === 'light' || size.width === 800)
          await expectAccessible(tab, `${name}-${size.width}-${scheme}`);
        if (process.env['JRS_TEAM_SHOTS'])
          await tab.screenshot({ path: `/tmp/team-${name}-${size.width}-${scheme}.png` });
      }
    }
    await tab.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await tab.setViewportSize(SIZES[0]!);
  };
}
