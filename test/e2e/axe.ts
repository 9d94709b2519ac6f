// axe as every spec runs it: WCAG 2.0–2.2 A/AA and best practice, and no serious or critical violation. A
// test's report gets each screen's whole list (AXE_VERBOSE=1 also prints it), so a moderate one is seen.
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Runs axe on the page as it is; fails with each serious or critical violation and where it is. */
export async function expectAccessible(page: Page, screen: string, testInfo?: TestInfo): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = results.violations.map(
    (v) => `${v.impact ?? 'unknown'} ${v.id}: ${v.nodes.length} node(s)`,
  );
  if (process.env['AXE_VERBOSE'] && summary.length) console.log(`${screen}:`, summary.join('; '));
  await testInfo?.attach(`axe-${screen}.json`, {
    body: JSON.stringify(summary, null, 2),
    contentType: 'application/json',
  });
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    `${screen}: serious or critical axe violations`,
  ).toEqual([]);
}
