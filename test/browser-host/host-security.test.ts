// The browser host refuses, with a real HTTP client and a real WebSocket client over loopback: requests
// without the token or the session, with another Host (DNS rebinding) or Origin (another site), a
// WebSocket without the session or from another origin, and a token that is not this run's. What is let
// through gets the app's CSP and no CORS header, and the API key never crosses the socket.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import { startBrowserHost, type RunningBrowserHost } from '../../electron/browser-host/start-browser-host';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so that Host, Origin and Cookie are exactly what a hostile client would send. */
function send(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: Buffer) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, setHost: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens the socket with the given headers: 'open', or the status it was refused with. */
function openSocket(port: number, headers: Record<string, string>): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/__jrs/socket`, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', () => resolve(-1));
  });
}

let dir: string;
let running: RunningBrowserHost;
let sandbox: RunningSandbox;
let port: number;
let host: string;
let origin: string;
let cookie: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jrs-host-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  sandbox = await startSandbox({ seed: makeTestSeed() });
  running = await startBrowserHost({
    rendererDir,
    core: {
      dataDir: join(dir, 'data'),
      downloadsDir: join(dir, 'Downloads'),
      secrets: new MemorySecretStore(),
      sandbox: testSandboxLauncher(),
    },
  });
  port = running.host.port;
  host = `127.0.0.1:${port}`;
  origin = `http://${host}`;
  const url = new URL(running.host.url);
  const exchanged = await send(port, `${url.pathname}${url.search}`, { Host: host });
  expect(exchanged.status).toBe(303);
  expect(exchanged.headers.location).toBe('/');
  const setCookie = String(exchanged.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  cookie = setCookie.split(';')[0]!;
});

afterAll(async () => {
  await running.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the browser host', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(running.host.origin).toBe(`http://127.0.0.1:${port}`);
  });

  it('serves the page to the session, with the app’s CSP and no CORS header', async () => {
    const page = await send(port, '/', { Host: host, Cookie: cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses a request without the session cookie', async () => {
    const page = await send(port, '/', { Host: host });
    expect(page.status).toBe(401);
    expect(page.body).toContain('address it printed');
    expect((await send(port, '/assets/app.js', { Host: host })).status).toBe(401);
  });

  it('refuses a token that is not this run’s, and a forged session', async () => {
    expect((await send(port, '/?token=guess', { Host: host })).status).toBe(401);
    expect((await send(port, '/', { Host: host, Cookie: 'jrs_session=guess' })).status).toBe(401);
  });

  it('refuses another Host even with the session (DNS rebinding)', async () => {
    for (const other of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, '']) {
      const page = await send(port, '/', { Host: other, Cookie: cookie });
      expect(page.status, other).toBe(421);
    }
    const token = new URL(running.host.url).search;
    expect((await send(port, `/${token}`, { Host: 'evil.example' })).status).toBe(421);
  });

  it('refuses another Origin, and a cross-site fetch, even with the session', async () => {
    const fromElsewhere = await send(port, '/', {
      Host: host,
      Cookie: cookie,
      Origin: 'http://evil.example',
    });
    expect(fromElsewhere.status).toBe(403);
    for (const site of ['cross-site', 'same-site']) {
      const fromAnotherPage = await send(port, '/', { Host: host, Cookie: cookie, 'Sec-Fetch-Site': site });
      expect(fromAnotherPage.status, site).toBe(403);
    }
    const typed = await send(port, '/', { Host: host, Cookie: cookie, 'Sec-Fetch-Site': 'none' });
    expect(typed.status).toBe(200);
    const upload = await send(
      port,
      '/__jrs/uploads',
      { Host: host, Cookie: cookie, Origin: 'http://evil.example' },
      'POST',
      Buffer.from('x'),
    );
    expect(upload.status).toBe(403);
  });

  it('takes uploads only from the session', async () => {
    const refused = await send(
      port,
      '/__jrs/uploads',
      { Host: host, Origin: origin },
      'POST',
      Buffer.from('x'),
    );
    expect(refused.status).toBe(401);
    const taken = await send(
      port,
      '/__jrs/uploads',
      { Host: host, Origin: origin, Cookie: cookie },
      'POST',
      Buffer.from('x'),
    );
    expect(taken.status).toBe(200);
    expect(JSON.parse(taken.body)).toEqual({ id: expect.any(String) });
  });

  it('refuses a WebSocket without the session, from another origin, without an origin or on another Host', async () => {
    expect(await openSocket(port, { Origin: origin })).toBe(401);
    expect(await openSocket(port, { Origin: origin, Cookie: 'jrs_session=guess' })).toBe(401);
    expect(await openSocket(port, { Origin: 'http://evil.example', Cookie: cookie })).toBe(403);
    expect(await openSocket(port, { Cookie: cookie })).toBe(403);
    expect(await openSocket(port, { Origin: origin, Cookie: cookie, Host: 'evil.example' })).toBe(421);
  });

  it('answers the contract over the session’s socket, and no key ever crosses it', async () => {
    const socket = await openSocket(port, { Origin: origin, Cookie: cookie });
    if (typeof socket === 'number') throw new Error(`refused with ${socket}`);
    const received: string[] = [];
    socket.on('message', (data) => received.push(String(data)));
    const ask = (id: number, channel: string, params?: unknown) =>
      new Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>((resolve) => {
        const listen = (data: WebSocket.RawData) => {
          const message = JSON.parse(String(data)) as { id?: number; result: never };
          if (message.id !== id) return;
          socket.off('message', listen);
          resolve(message.result);
        };
        socket.on('message', listen);
        socket.send(JSON.stringify({ id, channel, params }));
      });
    const added = await ask(1, 'accounts:add', { name: 'Test', baseUrl: sandbox.url, apiKey: KEY_A });
    expect(added.ok).toBe(true);
    const snapshot = await ask(2, 'accounts:snapshot');
    expect(snapshot.ok).toBe(true);
    // A browser has no folder picker and cannot drag files out: the page is told, and offers neither; it
    // shows notifications itself.
    expect(await ask(5, 'shell:capabilities')).toEqual({
      ok: true,
      value: { chooseFolder: false, dragOut: false, pageNotifications: true },
    });
    const unknown = await ask(3, 'shell:runAnything', {});
    expect(unknown).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Unknown request') },
    });
    const badParams = await ask(4, 'accounts:add', { name: 1 });
    expect(badParams.ok).toBe(false);
    expect(received.join('\n')).not.toContain(KEY_A);
    // A malformed message closes the socket.
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('not json');
    expect(await closed).toBe(1003);
  });
});
