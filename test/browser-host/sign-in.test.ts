// The browser host's sign-in and session, over real loopback with fake time: a sign-in link works once and
// for about a minute, a second or late use gets a page saying so and how to get a new one; the session is
// the page's own (no cookie, which every port of 127.0.0.1 would receive), presented on the socket and on
// uploads, and ends after a while unused; previews load from signed, short-lived addresses.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningBrowserHost } from '../../electron/browser-host/start-browser-host';
import { PreviewLinks } from '../../electron/browser-host/preview-links';
import { rendererCsp } from '../../electron/main/content-security-policy';
import { openSocket, rawUpgrade, send, signIn, startTestHost, uploadHeaders } from './host-client';

let clock = 0;
const now = () => clock;
let dir: string;
let running: RunningBrowserHost;
let port: number;
let host: string;
let origin: string;

beforeEach(async () => {
  clock = Date.UTC(2026, 0, 1);
  ({ dir, running, port } = await startTestHost({ now }));
  host = `127.0.0.1:${port}`;
  origin = `http://${host}`;
});

afterEach(async () => {
  await running.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a sign-in link', () => {
  it('works once: a second use gets a page that says it was used and how to get a new one', async () => {
    const first = await signIn(port, running.host.url);
    expect(first.answer.status).toBe(200);
    expect(first.session).toMatch(/^[\w-]{40,}$/);

    const second = await signIn(port, running.host.url);
    expect(second.answer.status).toBe(410);
    expect(second.session).toBeUndefined();
    expect(second.cookie).toBeUndefined();
    expect(second.answer.headers['content-type']).toContain('text/html');
    expect(second.answer.body).toContain('This sign-in link was used already');
    expect(second.answer.body).toContain('jrs serve');
    expect(second.answer.body).toContain('npm start');
  });

  it('is void after about a minute', async () => {
    const link = running.host.signInUrl();
    clock += 61_000;
    const late = await signIn(port, link);
    expect(late.answer.status).toBe(410);
    expect(late.session).toBeUndefined();
    expect(late.answer.body).toContain('This sign-in link has expired');
    // Within its minute, a fresh one works.
    const fresh = running.host.signInUrl();
    clock += 59_000;
    expect((await signIn(port, fresh)).session).toBeDefined();
  });

  it('refuses a token that is not this run’s', async () => {
    const guess = await signIn(port, `${origin}/?token=guess`);
    expect(guess.answer.status).toBe(401);
    expect(guess.session).toBeUndefined();
  });

  it('is followed from the owner-only file the host opens (a file: page, which the browser calls cross-site)', async () => {
    const url = new URL(running.host.signInUrl());
    const fromFile = await send(port, `${url.pathname}${url.search}`, {
      Host: host,
      'Sec-Fetch-Site': 'cross-site',
      'Sec-Fetch-Mode': 'navigate',
      'Sec-Fetch-Dest': 'document',
    });
    expect(fromFile.status).toBe(200);
    // Only as a top-level navigation: another page's fetch, frame or image of it gets nothing.
    for (const dest of ['iframe', 'image', 'empty']) {
      const other = new URL(running.host.signInUrl());
      const answer = await send(port, `${other.pathname}${other.search}`, {
        Host: host,
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': dest === 'empty' ? 'cors' : 'no-cors',
        'Sec-Fetch-Dest': dest,
      });
      expect(answer.status, dest).toBe(403);
    }
  });
});

describe('the session', () => {
  it('is no cookie: the sign-in sets none, and a request carrying only the old cookie gets nothing', async () => {
    const { session, answer } = await signIn(port, running.host.url);
    expect(answer.headers['set-cookie']).toBeUndefined();
    const cookie = `jrs_session=${session}`;
    const upload = await send(
      port,
      '/__jrs/uploads',
      { Host: host, Origin: origin, Cookie: cookie },
      'POST',
      Buffer.from('x'),
    );
    expect(upload.status).toBe(401);
    expect(await openSocket(port, { Origin: origin, Cookie: cookie })).toBe(401);
  });

  it('opens the socket and takes uploads when presented, and a missing or wrong one is refused', async () => {
    const credential = await signIn(port, running.host.url);
    expect(await openSocket(port, { Origin: origin })).toBe(401);
    expect(await openSocket(port, { Origin: origin }, { session: 'guess' })).toBe(401);
    const socket = await openSocket(port, { Origin: origin }, credential);
    if (typeof socket === 'number') throw new Error(`refused with ${socket}`);
    // The host answers with the app's protocol, never echoing the session.
    expect(socket.protocol).toBe('jrs');
    socket.close();

    const body = Buffer.from('x');
    expect((await send(port, '/__jrs/uploads', uploadHeaders(port, {}), 'POST', body)).status).toBe(401);
    const wrong = uploadHeaders(port, { session: 'guess' });
    expect((await send(port, '/__jrs/uploads', wrong, 'POST', body)).status).toBe(401);
    const taken = await send(port, '/__jrs/uploads', uploadHeaders(port, credential), 'POST', body);
    expect(taken.status).toBe(200);
  });

  it('ends after 15 minutes unused, lives on while used, and while its page’s socket is open', async () => {
    const idle = await signIn(port, running.host.url);
    const used = await signIn(port, running.host.signInUrl());
    const open = await signIn(port, running.host.signInUrl());
    const socket = await openSocket(port, { Origin: origin }, open);
    if (typeof socket === 'number') throw new Error(`refused with ${socket}`);
    const upload = (credential: typeof idle) =>
      send(port, '/__jrs/uploads', uploadHeaders(port, credential), 'POST', Buffer.from('x'));

    clock += 10 * 60_000;
    expect((await upload(used)).status).toBe(200);
    clock += 10 * 60_000;
    // 20 minutes since sign-in: the used one was renewed 10 minutes ago, the idle one is over.
    expect((await upload(used)).status).toBe(200);
    expect((await upload(idle)).status).toBe(401);
    expect(await openSocket(port, { Origin: origin }, idle)).toBe(401);
    // An hour with the page open: its session holds; closed, it ends 15 minutes later.
    clock += 60 * 60_000;
    expect((await upload(open)).status).toBe(200);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.close();
    await closed;
    clock += 16 * 60_000;
    expect((await upload(open)).status).toBe(401);
    expect(await openSocket(port, { Origin: origin }, open)).toBe(401);
  });

  it('is not held by a socket whose handshake failed (a bad Sec-WebSocket-Key), so it still ends', async () => {
    const credential = await signIn(port, running.host.url);
    const answer = await rawUpgrade(port, {
      Host: host,
      Origin: origin,
      Upgrade: 'websocket',
      Connection: 'Upgrade',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Key': 'not a key',
      'Sec-WebSocket-Protocol': `jrs, jrs.session.${credential.session}`,
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    clock += 16 * 60_000;
    const upload = await send(
      port,
      '/__jrs/uploads',
      uploadHeaders(port, credential),
      'POST',
      Buffer.from('x'),
    );
    expect(upload.status).toBe(401);
    expect(await openSocket(port, { Origin: origin }, credential)).toBe(401);
  });

  it('is not needed for the built pages, whose Host, Origin and Sec-Fetch checks stay', async () => {
    expect((await send(port, '/', { Host: host })).status).toBe(200);
    expect((await send(port, '/', { Host: 'evil.example' })).status).toBe(421);
    expect((await send(port, '/', { Host: host, Origin: 'http://evil.example' })).status).toBe(403);
    expect((await send(port, '/', { Host: host, 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
  });
});

describe('previews of downloaded files', () => {
  it('load from a signed address only, for ten minutes', async () => {
    const links = new PreviewLinks(now);
    const path = links.path('job-1');
    const url = (text: string) => new URL(text, origin);
    expect(links.jobOf(url(path))).toBe('job-1');
    expect(links.jobOf(url(path.replace('job-1', 'job-2')))).toBeNull();
    expect(links.jobOf(url(path.replace(/sig=[^&]+/, 'sig=forged')))).toBeNull();
    expect(links.jobOf(url('/__jrs/files/job-1'))).toBeNull();
    clock += 11 * 60_000;
    expect(links.jobOf(url(path))).toBeNull();
    // The host's route refuses an unsigned address, even to a signed-in page.
    const unsigned = await send(port, '/__jrs/files/job-1', { Host: host, 'Sec-Fetch-Site': 'same-origin' });
    expect(unsigned.status).toBe(403);
  });
});

describe('the Content-Security-Policy', () => {
  it('loads images and media from the app, its files and the service only, never another local server', async () => {
    const page = await send(port, '/', { Host: host });
    const directives = (policy: string) =>
      Object.fromEntries(policy.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    const header = directives(String(page.headers['content-security-policy']));
    expect(header['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:', 'jrs-file:']);
    expect(header['media-src']).toEqual(["'self'", 'blob:', 'https:', 'jrs-file:']);
    // Electron's header and the page's own meta tag say the same.
    expect(directives(rendererCsp({ dev: false }))['img-src']).toEqual(header['img-src']);
    const html = readFileSync(join(__dirname, '../../src/index.html'), 'utf8');
    const meta = directives(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)![1]!);
    expect(meta['img-src']).toEqual(header['img-src']);
    expect(meta['media-src']).toEqual(header['media-src']);
    expect(String(page.headers['content-security-policy'])).not.toContain('127.0.0.1');
  });
});
