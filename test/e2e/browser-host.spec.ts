// The browser host against a hostile page in the same browser: the person has the app open (so the
// browser holds its session cookie), then visits a page on another port of this computer, which is the
// same *site* to the browser. That page's WebSocket, form post, fetch and frame of the host all fail, and
// the app's own page keeps working.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

async function serveEvilPage(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>Win a prize</title><p>Nothing to see here.</p>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done())) };
}

test('a page of another origin cannot reach the host, even with the person signed in', async ({
  page,
  app,
}) => {
  await expect(page.getByRole('button', { name: /try it without an account/i })).toBeVisible();
  const host = new URL(app.url).origin;
  const evil = await serveEvilPage();
  try {
    const tab = await page.context().newPage();
    await tab.goto(evil.url);
    const attempts = await tab.evaluate(async (origin) => {
      const socket = await new Promise<string>((resolve) => {
        const ws = new WebSocket(`${origin.replace('http', 'ws')}/__jrs/socket`);
        ws.onopen = () => resolve('opened');
        ws.onerror = () => resolve('refused');
      });
      const read = await fetch(`${origin}/`, { credentials: 'include' }).then(
        (response) => `read ${response.status}`,
        () => 'blocked',
      );
      const frame = await new Promise<string>((resolve) => {
        const element = document.createElement('iframe');
        element.src = `${origin}/`;
        element.onload = () => {
          try {
            resolve(element.contentDocument?.body?.innerText ? 'framed' : 'blank');
          } catch {
            resolve('blank');
          }
        };
        document.body.append(element);
      });
      return { socket, read, frame };
    }, host);
    expect(attempts).toEqual({ socket: 'refused', read: 'blocked', frame: 'blank' });

    // A form posted from that page reaches the host as a navigation, which shows the host's answer.
    await tab.evaluate((origin) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = `${origin}/__jrs/uploads`;
      document.body.append(form);
      form.submit();
    }, host);
    await expect(tab.locator('body')).toContainText('Requests from other sites are refused.');
    await tab.close();

    // None of it touched the app: its page still talks to its core.
    await page.getByRole('button', { name: /try it without an account/i }).click();
    await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible({ timeout: 20_000 });
    expect(app.calls).not.toContain(undefined);
  } finally {
    await evil.close();
  }
});
