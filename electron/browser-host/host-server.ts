// The browser host's HTTP side: the built renderer, the sign-in link, the WebSocket that speaks the IPC
// contract, the upload route for dropped files and the preview route for downloaded ones, on 127.0.0.1
// only. Every request and the WebSocket pass host-auth's site checks first; the socket and uploads need the
// page's session, previews a signed address; no CORS header is ever sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { WebSocketServer } from 'ws';
import type { AppCore } from '../core/app/app-core.types';
import { rendererCsp } from '../main/content-security-policy';
import { contentTypeOfExtension } from '../shared/domain/media-types';
import { FILE_ROUTE, SOCKET_PATH, UPLOAD_ROUTE } from '../shared/ipc/socket-protocol';
import {
  bearerOf,
  checkSite,
  NOT_SIGNED_IN,
  SOCKET_PROTOCOL,
  socketSessionOf,
  TOKEN_PARAM,
  type RequestFacts,
  type Verdict,
} from './host-auth';
import { HOST_PAGE_CSP, linkRefusedPage, signedInPage } from './host-pages';
import { PageSessions } from './page-sessions';
import { PreviewLinks } from './preview-links';
import { openRegularFile, sendRegularFile } from './regular-file';
import { serveRendererFiles } from './renderer-files';
import { SignInLinks } from './sign-in-links';
import { serveSocket, type BridgeTap, type PageSocket } from './socket-bridge';
import { readUpload } from './upload-body';
import { UploadStore } from './upload-store';

export interface BrowserHostOptions {
  core: AppCore;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 (default) for any free port. */
  port?: number;
  log?: (line: string) => void;
  tap?: BridgeTap;
  /** The clock of sign-in links, sessions and previews (tests: fake time). */
  now?: () => number;
  /** The signer of preview addresses, shared with core's fileShell.previewUrl. */
  previews?: PreviewLinks;
}

export interface BrowserHost {
  /** The first sign-in address: good once, for about a minute. */
  url: string;
  /** The host's origin, without a token. */
  origin: string;
  port: number;
  /** A fresh sign-in address; `onSpent` runs once it is used or void. */
  signInUrl(onSpent?: () => void): string;
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
    fetchSite: header('sec-fetch-site'),
    fetchMode: header('sec-fetch-mode'),
    fetchDest: header('sec-fetch-dest'),
    authorization: header('authorization'),
    protocols: header('sec-websocket-protocol'),
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

function hostPage(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': HOST_PAGE_CSP,
    'Cache-Control': 'no-store',
  });
  response.end(html);
}

export async function startBrowserHostServer(options: BrowserHostOptions): Promise<BrowserHost> {
  let core = options.core;
  const now = options.now ?? Date.now;
  const links = new SignInLinks(now);
  const sessions = new PageSessions(now);
  const previews = options.previews ?? new PreviewLinks(now);
  const uploads = new UploadStore(now);
  const sockets = new Set<PageSocket>();
  const forward = () =>
    core.onEvent((event, payload) => {
      for (const socket of sockets) socket.send({ event, payload });
    });
  let unsubscribe = forward();

  const serveStatic = await serveRendererFiles(options.rendererDir);
  const serveFile = async (jobId: string, response: ServerResponse) => {
    const path = await core.downloadedFile(jobId);
    // Core checked the file, but what is at its path may have changed since (a shared download folder).
    const file = path === null ? 'missing' : await openRegularFile(path);
    if (path === null || typeof file === 'string') {
      const reason =
        file === 'missing'
          ? 'That file is not on this computer: choose Download to fetch it again.'
          : 'That file is no longer an ordinary file (a link, folder or pipe is at its name): choose Download to fetch it again.';
      refuse(response, { ok: false, status: 404, reason });
      return;
    }
    response.writeHead(200, {
      'Content-Type': contentTypeOfExtension(extname(path)) ?? 'application/octet-stream',
      'Content-Length': file.size,
      'Cache-Control': 'no-store',
    });
    sendRegularFile(file, response);
  };

  const signIn = (token: string, response: ServerResponse) => {
    const outcome = links.consume(token);
    if (outcome !== 'ok')
      return hostPage(response, outcome === 'unknown' ? 401 : 410, linkRefusedPage(outcome));
    // The session goes to the page in the next address's fragment, which no request carries; the page
    // keeps it in its tab's sessionStorage and takes it out of the address bar.
    hostPage(response, 200, signedInPage(sessions.create()));
  };

  let port = 0;
  const server = createServer((request, response) => {
    void (async () => {
      securityHeaders(response);
      const facts = factsOf(request);
      const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
      const token = request.method === 'GET' ? url.searchParams.get(TOKEN_PARAM) : null;
      const site = checkSite(facts, port, { navigation: token !== null });
      if (!site.ok) return refuse(response, site);
      if (token !== null) return signIn(token, response);

      if (url.pathname === UPLOAD_ROUTE) {
        if (request.method !== 'POST')
          return refuse(response, { ok: false, status: 400, reason: 'Uploads are POSTed.' });
        if (!sessions.use(bearerOf(facts))) return refuse(response, NOT_SIGNED_IN);
        return readUpload(request, response, uploads);
      }
      if (url.pathname.startsWith(FILE_ROUTE)) {
        const jobId = previews.jobOf(url);
        if (jobId === null)
          return refuse(response, {
            ok: false,
            status: 403,
            reason: 'This preview’s address has expired: show the file again in the app.',
          });
        return serveFile(jobId, response);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return refuse(response, { ok: false, status: 400, reason: 'Only pages and files are served here.' });
      // The built pages are public (the same for everyone who has the app); what they reach is not.
      await serveStatic(request, response);
    })().catch((error: unknown) => {
      options.log?.(`Request failed: ${(error as Error).message}`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024 * 1024,
    // The answer names the app's protocol only, never the session the page offered beside it.
    handleProtocols: (offered) => (offered.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
  });
  server.on('upgrade', (request, socket, head) => {
    const facts = factsOf(request);
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const secret = socketSessionOf(facts);
    // A browser always sends Origin on a WebSocket: one without it is not the app's page.
    const verdict: Verdict =
      url.pathname !== SOCKET_PATH
        ? { ok: false, status: 400, reason: 'No such socket.' }
        : facts.origin === undefined
          ? { ok: false, status: 403, reason: 'Requests from other sites are refused.' }
          : ((): Verdict => {
              const site = checkSite(facts, port);
              if (!site.ok) return site;
              return sessions.isLive(secret) ? { ok: true } : NOT_SIGNED_IN;
            })();
    if (!verdict.ok) {
      socket.end(`HTTP/1.1 ${verdict.status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    // The session is held only once the socket is open: ws may still refuse the handshake (a bad key,
    // version or protocol) without calling back, and a hold never released would never expire.
    wss.handleUpgrade(request, socket, head, (ws) => {
      const release = sessions.hold(secret);
      if (!release) {
        ws.close(1008, 'Not signed in.');
        return;
      }
      const page = serveSocket(ws, () => core, {
        takeUpload: (id) => uploads.take(id),
        log: options.log,
        tap: options.tap,
      });
      sockets.add(page);
      ws.on('close', () => {
        sockets.delete(page);
        release();
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const signInUrl = (onSpent?: () => void) => `${origin}/?${TOKEN_PARAM}=${links.mint(onSpent)}`;
  return {
    url: signInUrl(),
    origin,
    port,
    signInUrl,
    replaceCore(next) {
      unsubscribe();
      core = next;
      unsubscribe = forward();
    },
    async close() {
      unsubscribe();
      links.voidAll();
      sessions.clear();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
