// The browser host's HTTP side: the built renderer, the WebSocket that speaks the IPC contract, the upload
// route for dropped files and the preview route for downloaded ones, on 127.0.0.1 only. Every request and
// the WebSocket pass host-auth's checks first; no CORS header is ever sent.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import sirv from 'sirv';
import { WebSocketServer } from 'ws';
import type { AppCore } from '../core/app/app-core.types';
import { rendererCsp } from '../main/content-security-policy';
import { contentTypeOfExtension } from '../shared/domain/media-types';
import { FILE_ROUTE, SOCKET_PATH, UPLOAD_ROUTE } from '../shared/ipc/socket-protocol';
import {
  checkSession,
  checkSite,
  sameSecret,
  sessionCookie,
  TOKEN_PARAM,
  type RequestFacts,
  type Verdict,
} from './host-auth';
import { serveSocket, type BridgeTap, type PageSocket } from './socket-bridge';
import { MAX_WAITING_BYTES, UploadStore } from './upload-store';

export interface BrowserHostOptions {
  core: AppCore;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 (default) for any free port. */
  port?: number;
  /** The key in the start address, for this run; random by default. */
  token?: string;
  log?: (line: string) => void;
  tap?: BridgeTap;
}

export interface BrowserHost {
  /** The address to open: it carries the token, exchanged at once for the session cookie. */
  url: string;
  /** The host's origin, without the token. */
  origin: string;
  port: number;
  /** Puts another core behind the host (the e2e harness restarts it as quitting and reopening does). */
  replaceCore(core: AppCore): void;
  close(): Promise<void>;
}

function factsOf(request: IncomingMessage): RequestFacts {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    host: header('host'),
    origin: header('origin'),
    cookie: header('cookie'),
    fetchSite: header('sec-fetch-site'),
  };
}

function securityHeaders(response: ServerResponse): void {
  response.setHeader('Content-Security-Policy', rendererCsp({ dev: false }));
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

function refuse(response: ServerResponse, verdict: Extract<Verdict, { ok: false }>): void {
  response.writeHead(verdict.status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(`${verdict.reason}\n`);
}

async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function startBrowserHostServer(options: BrowserHostOptions): Promise<BrowserHost> {
  let core = options.core;
  const token = options.token ?? randomBytes(32).toString('base64url');
  // The cookie's value is not the token: the token is printed (a terminal, a shell history) while the
  // session lives only in the browser's cookie jar, out of scripts' reach (HttpOnly).
  const session = randomBytes(32).toString('base64url');
  const uploads = new UploadStore();
  const sockets = new Set<PageSocket>();
  const forward = () =>
    core.onEvent((event, payload) => {
      for (const socket of sockets) socket.send({ event, payload });
    });
  let unsubscribe = forward();

  const serveStatic = sirv(options.rendererDir, {
    single: true,
    dev: false,
    etag: true,
    setHeaders: (response, pathname) => {
      if (pathname.endsWith('.html')) response.setHeader('Cache-Control', 'no-store');
    },
  });
  const serveFile = async (jobId: string, response: ServerResponse) => {
    const path = await core.downloadedFile(jobId);
    const size = path ? (await stat(path).catch(() => null))?.size : undefined;
    if (!path || size === undefined) {
      refuse(response, { ok: false, status: 404, reason: 'That file is not on this computer.' });
      return;
    }
    response.writeHead(200, {
      'Content-Type': contentTypeOfExtension(extname(path)) ?? 'application/octet-stream',
      'Content-Length': size,
      'Cache-Control': 'no-store',
    });
    createReadStream(path).pipe(response);
  };

  let port = 0;
  const server = createServer((request, response) => {
    void (async () => {
      securityHeaders(response);
      const facts = factsOf(request);
      const site = checkSite(facts, port);
      if (!site.ok) return refuse(response, site);
      const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);

      const given = url.searchParams.get(TOKEN_PARAM);
      if (given !== null && request.method === 'GET') {
        if (!sameSecret(given, token))
          return refuse(response, { ok: false, status: 401, reason: 'That key is not this run’s.' });
        // Exchanged at once: the address bar and history keep no key.
        url.searchParams.delete(TOKEN_PARAM);
        response.writeHead(303, {
          'Set-Cookie': sessionCookie(session),
          Location: `${url.pathname}${url.search}`,
          'Cache-Control': 'no-store',
        });
        return response.end();
      }
      const signedIn = checkSession(facts, session);
      if (!signedIn.ok) return refuse(response, signedIn);

      if (url.pathname === UPLOAD_ROUTE) {
        if (request.method !== 'POST')
          return refuse(response, { ok: false, status: 400, reason: 'Uploads are POSTed.' });
        const body = await readBody(request, MAX_WAITING_BYTES);
        const id = body ? uploads.put(new Uint8Array(body.buffer, body.byteOffset, body.length)) : null;
        if (!id) {
          response.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8' });
          return response.end('That file is too large to send to the app from a browser.\n');
        }
        response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        return response.end(JSON.stringify({ id }));
      }
      if (url.pathname.startsWith(FILE_ROUTE)) {
        return serveFile(decodeURIComponent(url.pathname.slice(FILE_ROUTE.length)), response);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return refuse(response, { ok: false, status: 400, reason: 'Only pages and files are served here.' });
      serveStatic(request, response, () => {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('Not found.\n');
      });
    })().catch((error: unknown) => {
      options.log?.(`Request failed: ${(error as Error).message}`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  server.on('upgrade', (request, socket, head) => {
    const facts = factsOf(request);
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    // A browser always sends Origin on a WebSocket: one without it is not the app's page.
    const verdict: Verdict =
      url.pathname !== SOCKET_PATH
        ? { ok: false, status: 400, reason: 'No such socket.' }
        : facts.origin === undefined
          ? { ok: false, status: 403, reason: 'Requests from other sites are refused.' }
          : ((): Verdict => {
              const site = checkSite(facts, port);
              return site.ok ? checkSession(facts, session) : site;
            })();
    if (!verdict.ok) {
      socket.end(`HTTP/1.1 ${verdict.status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const page = serveSocket(ws, () => core, {
        takeUpload: (id) => uploads.take(id),
        log: options.log,
        tap: options.tap,
      });
      sockets.add(page);
      ws.on('close', () => sockets.delete(page));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?${TOKEN_PARAM}=${token}`,
    origin,
    port,
    replaceCore(next) {
      unsubscribe();
      core = next;
      unsubscribe = forward();
    },
    async close() {
      unsubscribe();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
