// The browser host against a hostile page in the same browser: the person has the app open (so the
// browser holds its session cookie), then visits a page on another port of this computer, which is the
// same *site* to the browser. That page's WebSocket, form post, fetch and frame of the host all fail, and
// the app's own page keeps working.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { writeSignInFile } from '../../electron/browser-host/sign-in-file';
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

/** A server on another port of 127.0.0.1 that records every request's headers. */
async function serveRecorder(): Promise<{
  url: string;
  seen: { url: string; headers: Record<string, unknown> }[];
  close(): Promise<void>;
}> {
  const seen: { url: string; headers: Record<string, unknown> }[] = [];
  const server: Server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: { ...request.headers } });
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>Another server</title>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    seen,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

test('another server on 127.0.0.1 receives no credential of the app’s, whatever the page loads', async ({
  page,
  app,
}) => {
  await expect(page.getByRole('button', { name: /try it without an account/i })).toBeVisible();
  const other = await serveRecorder();
  try {
    // From the app's own page: an image, a video and a fetch of the other server (its CSP lets none go).
    const blocked = await page.evaluate(async (url) => {
      const image = await new Promise<string>((resolve) => {
        const element = document.createElement('img');
        element.onload = () => resolve('loaded');
        element.onerror = () => resolve('blocked');
        element.src = `${url}pixel.png`;
        document.body.append(element);
      });
      const read = await fetch(url, { credentials: 'include' }).then(
        () => 'read',
        () => 'blocked',
      );
      return { image, read };
    }, other.url);
    expect(blocked).toEqual({ image: 'blocked', read: 'blocked' });
    // A visit to the other server in the same browser, with the person signed in to the app.
    const tab = await page.context().newPage();
    await tab.goto(other.url);
    await expect(tab).toHaveTitle('Another server');
    await tab.close();

    expect(other.seen.length).toBeGreaterThan(0);
    for (const request of other.seen) {
      expect(request.headers['cookie'], request.url).toBeUndefined();
      expect(request.headers['authorization'], request.url).toBeUndefined();
      expect(request.url).not.toContain('session');
    }
    // The app still works: the page's own session is untouched.
    await page.getByRole('button', { name: /try it without an account/i }).click();
    await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible({ timeout: 20_000 });
  } finally {
    await other.close();
  }
  expect(app.calls).toContain('accounts:useSandbox');
});

test('the owner-only sign-in file opens the app signed in; a used link and a tab without a session say how to sign in', async ({
  page,
  app,
}) => {
  await expect(page.getByRole('button', { name: /try it without an account/i })).toBeVisible();
  // The address keeps neither the token nor the session.
  expect(page.url()).toBe(`${new URL(app.url).origin}/`);

  // What jrs serve opens: a file: page that redirects to a fresh link (the browser calls it cross-site).
  const file = await writeSignInFile(app.dataDir, app.signInUrl());
  const viaFile = await page.context().newPage();
  await viaFile.goto(pathToFileURL(file).href);
  await expect(viaFile.getByRole('button', { name: /try it without an account/i })).toBeVisible();
  expect(viaFile.url()).toBe(`${new URL(app.url).origin}/`);
  // It stays signed in across a reload (the tab's sessionStorage).
  await viaFile.reload();
  await expect(viaFile.getByRole('button', { name: /try it without an account/i })).toBeVisible();
  await viaFile.close();

  // The first link again: used already.
  const again = await page.context().newPage();
  await again.goto(app.url);
  await expect(again.getByRole('heading', { name: 'This sign-in link was used already' })).toBeVisible();
  await expect(again.getByText(/jrs serve/)).toBeVisible();
  // The app's address in a tab that never signed in: it says so, and how.
  await again.goto(new URL(app.url).origin);
  await expect(again.getByText('This tab is not signed in')).toBeVisible();
  await expect(again.getByText(/not signed in to the app/)).toBeVisible();
  await expect(again.getByText(/press Enter in the terminal/)).toBeVisible();
  // Trying again cannot sign a tab in: no such button.
  await expect(again.getByRole('button')).toHaveCount(0);
  await again.close();
});
