// The page whose browser host stopped: it says so in the app's own look (light and dark), checks back by
// itself on a backoff (fake time: the page's clock is Playwright's), and when a host answers again it either
// reconnects (the same host, the tab's session still good) or says exactly how to sign in (a restarted host
// has forgotten every session) — never a reload into the browser's bare error page.
import type { Page, WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures';
import { startOnSandbox } from './helpers';

/** The card's background, the heading's font: what a bare page would not have. */
async function looks(page: Page): Promise<{ surface: string; font: string; text: string }> {
  return page.getByTestId('host-lost').evaluate((main) => {
    const card = main.querySelector('.host-lost-card');
    const heading = main.querySelector('h1');
    if (!card || !heading) throw new Error('no card');
    return {
      surface: getComputedStyle(card).backgroundColor,
      font: getComputedStyle(heading).fontFamily,
      text: getComputedStyle(heading).color,
    };
  });
}

test('a stopped host: the styled page, checks on a backoff, then a restarted host asks for a new sign-in', async ({
  page,
  app,
}) => {
  await page.clock.install();
  // On the fake clock from the page's start; the tab keeps its session across the reload.
  await page.reload();
  await startOnSandbox(page);
  const port = new URL(page.url()).port;

  await app.stopHost();
  const stopped = page.getByRole('heading', { name: 'The app stopped' });
  await expect(stopped).toBeVisible();
  await expect(stopped).toBeFocused();
  const lost = page.getByTestId('host-lost');
  await expect(lost).toContainText(`jrs serve --port ${port}`);
  await expect(lost.getByRole('status')).toHaveText('Not back yet. Checking again in 1 s.');

  // The app's look: its surface, its font and text colour, in light and in dark (not the browser's defaults).
  expect(await looks(page)).toEqual({
    surface: 'rgb(255, 255, 255)',
    font: expect.stringMatching(/^system-ui/) as unknown as string,
    text: 'rgb(24, 27, 34)',
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await looks(page)).toMatchObject({ surface: 'rgb(22, 25, 32)', text: 'rgb(232, 234, 240)' });
  await page.emulateMedia({ colorScheme: 'light' });

  // Checked again after 1 s, then 2 s: still down.
  await page.clock.fastForward(1_000);
  await expect(lost.getByRole('status')).toHaveText('Not back yet. Checking again in 2 s.');

  // "Check now" does not wait: still down, the next check in 4 s.
  await lost.getByRole('button', { name: 'Check now' }).click();
  await expect(lost.getByRole('status')).toHaveText('Not back yet. Checking again in 4 s.');

  // A host on the same port again (a restarted `jrs serve --port`): it does not know this tab any more.
  await app.startHost();
  await page.clock.fastForward(4_000);
  const signIn = page.getByRole('heading', { name: 'The app is running again: sign in' });
  await expect(signIn).toBeVisible();
  await expect(signIn).toBeFocused();
  await expect(lost).toContainText('Press Enter in the terminal where jrs serve runs');
  await expect(lost.getByRole('button', { name: 'Check now' })).toHaveCount(0);

  // The new link, opened in this tab, brings the app back.
  await page.goto(app.signInUrl());
  await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible({ timeout: 20_000 });
});

test('the same host back (the socket dropped, the host stayed): the page reconnects by itself', async ({
  page,
  app: _app,
}) => {
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/__jrs\/socket$/, (socket) => {
    socket.connectToServer();
    sockets.push(socket);
  });
  await page.clock.install();
  await page.reload();
  await startOnSandbox(page);
  expect(sockets).toHaveLength(1);

  await sockets[0]!.close();
  await expect(page.getByRole('heading', { name: 'The app stopped' })).toBeVisible();
  // The first check, a second later: the host answers and knows the tab, so the page reloads on it.
  await page.clock.fastForward(1_000);
  await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('host-lost')).toHaveCount(0);
  expect(sockets.length).toBeGreaterThanOrEqual(3);
});

test('something on the port that never answers: the check gives up after 5 s and checks again later', async ({
  page,
  app,
}) => {
  await page.clock.install();
  await page.reload();
  await startOnSandbox(page);
  await app.stopHost();
  const lost = page.getByTestId('host-lost');
  await expect(lost.getByRole('status')).toHaveText('Not back yet. Checking again in 1 s.');
  // Every request to the host's address is taken and never answered, as by a program that hangs.
  await page.route(/^http:\/\/127\.0\.0\.1:\d+\/$/, () => undefined);
  await lost.getByRole('button', { name: 'Check now' }).click();
  await expect(lost).toContainText('Checking whether the app is back…');
  await page.clock.fastForward(5_000);
  await expect(lost.getByRole('status')).toHaveText(/^Not back yet\. Checking again in \d+ s\.$/);
  await expect(lost.getByRole('button', { name: 'Check now' })).toBeEnabled();
});
