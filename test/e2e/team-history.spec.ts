// Settings → Team history through the browser host, on a real PostgreSQL cluster: a wrong password said in
// words, the right address tested and saved ("Restart jrs serve to switch"), this computer's history copied
// in twice (nothing doubled), Disconnect; axe at 1280×800 and 800×560, light and dark (serious/critical:
// none). No address with a password, and not the password typed wrong, ever crosses into the page.
import { expect, test } from './fixtures';
import { checkedVisit } from './on-screen';
import { tourTeamHistoryScreens, teamHistorySection, WRONG_PASSWORD } from './tour-team-history';

test('Settings → Team history: connect a real team database, restart jrs serve to switch, copy the history in, disconnect', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const seen: string[] = [];
  await tourTeamHistoryScreens(page, app, checkedVisit(seen));
  expect(seen).toEqual([
    '74-team-history',
    '75-team-history-connected',
    '76-team-history-on-team',
    '77-team-account-read-only',
  ]);

  // Forgotten for good: a new page hears that nothing is saved, and its field is empty.
  expect((await app.core.handlers['team:connection'](undefined)).saved).toBeNull();
  await page.reload();
  await page.keyboard.press('Control+4');
  const section = teamHistorySection(page);
  await expect(section.getByTestId('team-history-now')).toContainText('On this computer only');
  await expect(section.getByLabel('Team database address')).toHaveValue('');

  // What crossed into the page: addresses without a password only.
  const traffic = app.traffic.join('\n');
  expect(traffic).toContain('postgres://jrs@127.0.0.1:');
  expect(traffic).not.toMatch(/postgres(ql)?:\/\/[^@\s"/]*:[^@\s"/]*@/);
  expect(traffic).not.toContain(WRONG_PASSWORD);
});
