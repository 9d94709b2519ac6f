// The history file deleted while the app runs, in the real app behind the browser host: the screens say
// what happened (HistoryNotice), the notice passes axe in the light and the dark theme, and it is dismissed
// by keyboard. The core's watch looks every two seconds; the page waits for the words, not for a clock.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { startOnSandbox } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a history file deleted while the app runs is said on screen (${colorScheme})`, async ({
    page,
    app,
  }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await startOnSandbox(page);
    const history = join(app.dataDir, 'history.sqlite');
    for (const suffix of ['', '-wal', '-shm']) rmSync(history + suffix, { force: true });

    const notice = page.getByRole('alert').filter({ hasText: 'Your job history' });
    await expect(notice).toContainText(
      `The history file (${history}) was deleted or moved while the app was running`,
      {
        timeout: 10_000,
      },
    );
    const results = await new AxeBuilder({ page }).include('.history-notice').withTags(TAGS).analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help}`),
    ).toEqual([]);

    const dismiss = page.getByRole('button', { name: 'Dismiss the notice about the job history' });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    await expect(notice).toHaveCount(0);
  });
}
