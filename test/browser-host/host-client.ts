// A hostile-or-not client of the browser host, over real loopback: raw HTTP requests with exactly the
// headers given, the sign-in as a browser does it, and the WebSocket with the page's session.
import { request } from 'node:http';
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import { startBrowserHost, type RunningBrowserHost } from '../../electron/browser-host/start-browser-host';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so that Host, Origin and the rest are exactly what a hostile client would send. */
export function send(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: Buffer,
): Promise<Answer> {
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

/** What a page presents: its session (new host), or the cookie an older host set. */
export interface Credential {
  session?: string;
  cookie?: string;
}

/** Follows a sign-in link as the browser does (a navigation) and returns what the page is handed. */
export async function signIn(port: number, link: string): Promise<Credential & { answer: Answer }> {
  const url = new URL(link);
  const answer = await send(port, `${url.pathname}${url.search}`, {
    Host: `127.0.0.1:${port}`,
    'Sec-Fetch-Site': 'none',
    'Sec-Fetch-Mode': 'navigate',
    'Sec-Fetch-Dest': 'document',
  });
  const session = /#session=([\w-]+)/.exec(answer.body)?.[1];
  const setCookie = answer.headers['set-cookie'];
  const cookie = setCookie ? String(setCookie).split(';')[0] : undefined;
  return { session, cookie, answer };
}

/** The headers an upload carries for this credential. */
export function uploadHeaders(port: number, credential: Credential): Record<string, string> {
  return {
    Host: `127.0.0.1:${port}`,
    Origin: `http://127.0.0.1:${port}`,
    ...(credential.session ? { Authorization: `Bearer ${credential.session}` } : {}),
    ...(credential.cookie ? { Cookie: credential.cookie } : {}),
  };
}

/** A WebSocket upgrade written by hand (headers ws itself would never send), and all the host answers. */
export function rawUpgrade(port: number, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(`GET /__jrs/socket HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  });
}

/** Opens the socket as the page does: the app's protocol and the session beside it. */
export function openSocket(
  port: number,
  headers: Record<string, string>,
  credential: Credential = {},
): Promise<WebSocket | number> {
  const protocols = ['jrs', ...(credential.session ? [`jrs.session.${credential.session}`] : [])];
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/__jrs/socket`, protocols, {
      headers: { ...headers, ...(credential.cookie ? { Cookie: credential.cookie } : {}) },
    });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', () => resolve(-1));
  });
}

export type Ask = (
  channel: string,
  params?: unknown,
) => Promise<{ ok: boolean; value?: unknown; error?: { kind?: string; message: string } }>;

/** Requests over an open socket, answered by their id. */
export function asker(socket: WebSocket): Ask {
  let next = 1;
  return (channel, params) => {
    const id = next++;
    return new Promise((resolve) => {
      const listen = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result: never };
        if (message.id !== id) return;
        socket.off('message', listen);
        resolve(message.result);
      };
      socket.on('message', listen);
      socket.send(JSON.stringify({ id, channel, params }));
    });
  };
}

/** A browser host on a temp folder, with a page of its own (or the given renderer folder). */
export async function startTestHost(
  options: { now?: () => number; rendererDir?: string } = {},
): Promise<{ dir: string; running: RunningBrowserHost; port: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'jrs-host-'));
  let rendererDir = options.rendererDir;
  if (!rendererDir) {
    rendererDir = join(dir, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  }
  const running = await startBrowserHost({
    rendererDir,
    now: options.now,
    core: {
      dataDir: join(dir, 'data'),
      downloadsDir: join(dir, 'Downloads'),
      secrets: new MemorySecretStore(),
      sandbox: testSandboxLauncher(),
    },
  });
  return { dir, running, port: running.host.port };
}
