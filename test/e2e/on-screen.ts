// Whether a part of a screen fits the window across (the 800×560 check every tour makes).
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Nothing of the part lies left or right of the window. */
export async function expectOnScreen(page: Page, part: Locator, name: string): Promise<void> {
  const box = await part.boundingBox();
  const size = page.viewportSize()!;
  expect(box, `${name}: the part shows`).not.toBeNull();
  expect(box!.x, name).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, name).toBeLessThanOrEqual(size.width + 0.5);
}
