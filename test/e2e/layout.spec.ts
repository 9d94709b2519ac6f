// The window from its 800×560 minimum up: the page itself never scrolls (only screens and panels do, one
// scrollbar at a time), and a field reached by Tab is never hidden under the form's sticky footer.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseProject, startOnSandbox } from './helpers';

async function pageOverflow(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { x: root.scrollWidth - innerWidth, y: root.scrollHeight - innerHeight };
  });
}

for (const [width, height] of [
  [800, 560],
  [1280, 800],
] as const) {
  test(`at ${width}×${height} the page does not scroll, and Tab keeps fields above the footer`, async ({
    page,
    app: _app,
  }) => {
    await page.setViewportSize({ width, height });
    await startOnSandbox(page);
    await chooseProject(page, /Spring Launch Spokesperson/);
    expect(await pageOverflow(page)).toEqual({ x: 0, y: 0 });

    // Walk every control of the form by keyboard: each one is shown above the footer when it has focus.
    const footer = page.locator('.form-footer');
    const form = page.getByRole('form');
    for (let step = 0; step < 14; step += 1) {
      await page.keyboard.press('Tab');
      const inForm = await form.evaluate((element) => element.contains(document.activeElement));
      if (!inForm) break;
      const inFooter = await footer.evaluate((element) => element.contains(document.activeElement));
      if (inFooter) continue;
      const focused = await page.evaluate(() => {
        const box = (document.activeElement as HTMLElement).getBoundingClientRect();
        return { top: box.top, bottom: box.bottom };
      });
      const footerTop = (await footer.boundingBox())?.y ?? 0;
      expect(focused.top).toBeLessThan(footerTop);
    }

    await page.getByRole('link', { name: 'Queue' }).click();
    expect(await pageOverflow(page)).toEqual({ x: 0, y: 0 });
  });
}
