// The browser host refuses, with a real HTTP client and a real WebSocket client over loopback: uploads and
// the socket without the page's session, requests with another Host (DNS rebinding) or Origin (another
// site), a WebSocket from another origin, and a token that is not this run's. What is let through gets the
// app's CSP and no CORS header, and the API key never crosses the socket.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { RunningBrowserHost } from '../../electron/browser-host/start-browser-host';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { openSocket, send, signIn, startTestHost, uploadHeaders, type Credential } from './host-client';

let dir: string;
let running: RunningBrowserHost;
let sandbox: RunningSandbox;
let port: number;
let host: string;
let origin: string;
let credential: Credential;
/** The session's upload headers. */
let signedIn: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed() });
  ({ dir, running, port } = await startTestHost());
  host = `127.0.0.1:${port}`;
  origin = `http://${host}`;
  const signedInPage = await signIn(port, running.host.url);
  expect(signedInPage.answer.status).toBe(200);
  credential = signedInPage;
  expect(credential.session).toBeDefined();
  signedIn = uploadHeaders(port, credential);
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

  it('serves the built page, with the app’s CSP and no CORS header', async () => {
    const page = await send(port, '/', { Host: host });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses uploads and the socket without the session, saying how to sign in', async () => {
    const upload = await send(port, '/__jrs/uploads', uploadHeaders(port, {}), 'POST', Buffer.from('x'));
    expect(upload.status).toBe(401);
    expect(upload.body).toContain('not signed in');
    expect(upload.body).toContain('jrs serve');
  });

  it('refuses a token that is not this run’s, and a forged session', async () => {
    expect((await send(port, '/?token=guess', { Host: host })).status).toBe(401);
    const forged = uploadHeaders(port, { session: 'guess' });
    expect((await send(port, '/__jrs/uploads', forged, 'POST', Buffer.from('x'))).status).toBe(401);
  });

  it('refuses another Host even with the session (DNS rebinding)', async () => {
    for (const other of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, '']) {
      expect((await send(port, '/', { Host: other })).status, other).toBe(421);
      const upload = await send(
        port,
        '/__jrs/uploads',
        { ...signedIn, Host: other },
        'POST',
        Buffer.from('x'),
      );
      expect(upload.status, other).toBe(421);
    }
    const token = new URL(running.host.signInUrl()).search;
    expect((await send(port, `/${token}`, { Host: 'evil.example' })).status).toBe(421);
  });

  it('refuses another Origin, and a cross-site fetch, even with the session', async () => {
    const fromElsewhere = await send(port, '/', { Host: host, Origin: 'http://evil.example' });
    expect(fromElsewhere.status).toBe(403);
    for (const site of ['cross-site', 'same-site']) {
      const fromAnotherPage = await send(port, '/', { Host: host, 'Sec-Fetch-Site': site });
      expect(fromAnotherPage.status, site).toBe(403);
      const upload = await send(
        port,
        '/__jrs/uploads',
        { ...signedIn, 'Sec-Fetch-Site': site },
        'POST',
        Buffer.from('x'),
      );
      expect(upload.status, site).toBe(403);
    }
    const typed = await send(port, '/', { Host: host, 'Sec-Fetch-Site': 'none' });
    expect(typed.status).toBe(200);
    const upload = await send(
      port,
      '/__jrs/uploads',
      { ...signedIn, Origin: 'http://evil.example' },
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
    const taken = await send(port, '/__jrs/uploads', signedIn, 'POST', Buffer.from('x'));
    expect(taken.status).toBe(200);
    expect(JSON.parse(taken.body)).toEqual({ id: expect.any(String) });
  });

  it('refuses a WebSocket without the session, from another origin, without an origin or on another Host', async () => {
    expect(await openSocket(port, { Origin: origin })).toBe(401);
    expect(await openSocket(port, { Origin: origin }, { session: 'guess' })).toBe(401);
    expect(await openSocket(port, { Origin: 'http://evil.example' }, credential)).toBe(403);
    expect(await openSocket(port, {}, credential)).toBe(403);
    expect(await openSocket(port, { Origin: origin, Host: 'evil.example' }, credential)).toBe(421);
  });

  it('answers the contract over the session’s socket, and no key ever crosses it', async () => {
    const socket = await openSocket(port, { Origin: origin }, credential);
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
