// A raw TCP exchange with the sandbox, for requests fetch() cannot make: a body that never finishes, a
// declared length that is a lie, bytes that are not HTTP at all.
import { connect } from 'node:net';

export interface RawExchange {
  /** Everything the server wrote, as latin1 text. */
  received: string;
  /** True when the server ended or closed the connection; false when we gave up waiting. */
  closedByServer: boolean;
  elapsedMs: number;
}

/**
 * Writes `head` and then `body` (which may be a fraction of the declared Content-Length), then nothing or
 * one byte every `trickleEveryMs`, and collects what comes back until the server closes the connection or `waitMs` passes.
 */
export function rawExchange(
  url: string,
  head: string,
  body: Buffer | string = '',
  options: { waitMs?: number; trickleEveryMs?: number } = {},
): Promise<RawExchange> {
  const waitMs = options.waitMs ?? 3000;
  const { hostname, port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (trickle) clearInterval(trickle);
      socket.destroy();
      resolve({
        received: Buffer.concat(chunks).toString('latin1'),
        closedByServer,
        elapsedMs: performance.now() - started,
      });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    let trickle: NodeJS.Timeout | null = null;
    socket.on('connect', () => {
      socket.write(head);
      if (body.length > 0) socket.write(body);
      // A client that keeps the body alive with one byte now and then, never reaching its length.
      if (options.trickleEveryMs) {
        trickle = setInterval(() => socket.writable && socket.write('x'), options.trickleEveryMs);
      }
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    // A reset after the answer went out still counts as the server closing; the answer is kept.
    socket.on('error', () => finish(true));
  });
}

/** The request line and headers of a request, ending with the blank line. */
export function requestHead(method: string, path: string, headers: Record<string, string>): string {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The status code of the first response in a raw exchange, or null when nothing came back. */
export function statusOf(exchange: RawExchange): number | null {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(exchange.received);
  return match?.[1] ? Number(match[1]) : null;
}
