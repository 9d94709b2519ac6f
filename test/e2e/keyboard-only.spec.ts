// From the first run to a submitted job by keyboard alone, as a person who does not use a mouse: start the
// sandbox, find a project, fill its form, submit with the shortcut. The key presses are counted and printed
// (figures, not a timed assertion); every step must be reachable, and focus is never lost to the page.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

class Keys {
  presses = 0;
  typed = 0;
  private started = false;
  constructor(private readonly page: Page) {}

  async press(key: string, times = 1): Promise<void> {
    for (let n = 0; n < times; n += 1) {
      await this.page.keyboard.press(key);
      this.presses += 1;
      const tag = await this.page.evaluate(() => document.activeElement?.tagName);
      // Once on a control, focus always lands on something: never on the page itself. (Before that, the
      // first Tab of a page that has not got the window's focus yet may go to the browser.)
      if (this.started) expect(tag).not.toBe('BODY');
      else this.started = tag !== 'BODY';
    }
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
    this.typed += text.length;
  }

  /** Tab until the focused element matches, counting the presses; fails after `limit`. */
  async tabTo(match: (element: { tag: string; name: string }) => boolean, limit = 25): Promise<void> {
    for (let n = 0; n < limit; n += 1) {
      await this.press('Tab');
      const focused = await this.page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        const label = element?.getAttribute('aria-label') ?? '';
        const labelled = element?.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : '';
        return {
          tag: element?.tagName ?? '',
          name: `${label} ${labelled ?? ''} ${element?.textContent ?? ''}`,
        };
      });
      if (match(focused)) return;
    }
    throw new Error(`Tab did not reach the control within ${limit} presses.`);
  }
}

test('first run to a submitted job, by keyboard alone (key presses printed)', async ({ page, app }) => {
  const keys = new Keys(page);
  await expect(page.getByRole('button', { name: /try it without an account/i })).toBeVisible();

  await keys.tabTo(({ name }) => /try it without an account/i.test(name));
  await keys.press('Enter');
  // The project search has focus once the sandbox is up.
  await expect(page.locator('#project-search')).toBeFocused({ timeout: 20_000 });
  await keys.type('podcast');
  await keys.tabTo(({ name }) => /Weekly Podcast Intro/.test(name));
  await keys.press('Enter');

  // Choosing the project put focus in its first field.
  await expect(page.getByLabel('Intro script')).toBeFocused();
  await keys.type('Welcome to the spring episode.');
  await keys.tabTo(({ tag, name }) => tag === 'INPUT' && /address/i.test(name));
  await keys.type('https://cdn.example.com/voice.mp3');
  await keys.press('Control+Enter');

  await expect(page.getByText(/Job submitted/)).toBeVisible();
  await expect.poll(async () => (await app.core.handlers['jobs:list'](undefined)).length).toBe(1);
  console.log(
    `keyboard only, first run to a submitted job: ${keys.presses} key presses to move and act, ` +
      `${keys.typed} characters typed`,
  );
});
