// The sandbox's Node HTTP server, under Fastify: every answer says nosniff, and a client has a bounded
// time to send its whole request, so a body that never finishes cannot hold a connection open.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Time a client has to send a whole request, headers and body (Node answers 408 after it). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Fastify's own default; longer than any client's idle keep-alive, so the client closes first. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
const HEADERS_TIMEOUT_MS = 60_000;

/**
 * Headers on every answer. nosniff stops a browser from running an uploaded SVG or a JSON body as
 * something other than its declared type.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = { 'x-content-type-options': 'nosniff' };

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A server for Fastify's `serverFactory`. The headers are set on the raw response before Fastify sees
 * it, so they reach answers that bypass Fastify's hooks too: hijacked CDN bodies and the 503 it gives
 * while closing.
 */
export function createSandboxServer(handler: Handler, requestTimeoutMs: number): Server {
  const server = createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      // Node checks both timeouts on this period (30 s by default), which would stretch a short limit.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(requestTimeoutMs / 4))),
    },
    (request, response) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
      handler(request, response);
    },
  );
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}

interface ClientError extends Error {
  code?: string;
}

/**
 * Fastify's `clientErrorHandler`: the answer to a request Node could not parse or did not receive in
 * time, written straight to the socket (there is no response object), with the same headers and the
 * sandbox's `{ message }` body. The connection is closed after it.
 */
export function answerClientError(error: ClientError, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request did not arrive in time; the connection is closed.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : [400, 'Bad Request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ message });
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
    ...SECURITY_HEADERS,
  };
  if (socket.writable) {
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${head.join('')}\r\n${body}`);
  }
  // As Node and Fastify do: a small answer written to a live socket goes out before the close.
  socket.destroy();
}
