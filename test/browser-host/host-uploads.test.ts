// The upload route reads no more than its limit: a declared size over it is answered 413 from the headers
// alone (the body is never sent here, so an answer proves the host did not wait to read or buffer it), and
// a body without a declared size is cut at the limit, the connection closed.
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningBrowserHost } from '../../electron/browser-host/start-browser-host';
import { MAX_UPLOAD_BYTES } from '../../electron/browser-host/upload-store';
import { signIn, startTestHost, uploadHeaders, type Credential } from './host-client';

let dir: string;
let running: RunningBrowserHost;
let port: number;
let credential: Credential;

beforeAll(async () => {
  ({ dir, running, port } = await startTestHost());
  credential = await signIn(port, running.host.url);
});

afterAll(async () => {
  await running.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw connection: the request's head as given, then whatever the test writes. */
function rawUpload(extra: Record<string, string>): { socket: Socket; answer: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  const headers = { ...uploadHeaders(port, credential), ...extra };
  socket.write(
    `POST /__jrs/uploads HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`,
  );
  let text = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('\r\n\r\n')) resolve(text);
    });
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
  return { socket, answer };
}

it('answers 413 to an over-limit declared size before a byte of the body is sent', async () => {
  const { socket, answer } = rawUpload({ 'Content-Length': String(MAX_UPLOAD_BYTES + 1) });
  const head = await answer;
  expect(head).toMatch(/^HTTP\/1\.1 413 /);
  expect(head.toLowerCase()).toContain('connection: close');
  socket.destroy();
});

it('cuts a body without a declared size at the limit and closes the connection', async () => {
  const { socket, answer } = rawUpload({ 'Transfer-Encoding': 'chunked' });
  const chunk = Buffer.alloc(1024 * 1024, 1);
  let sent = 0;
  let closed = false;
  const ended = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  socket.on('error', () => undefined);
  // Sends until the host closes the connection (or far past the limit, which fails below).
  while (!closed && sent < MAX_UPLOAD_BYTES * 2) {
    socket.write(`${chunk.length.toString(16)}\r\n`);
    socket.write(chunk);
    const flushed = socket.write('\r\n');
    sent += chunk.length;
    if (!flushed) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), ended]);
  }
  expect(closed, `the host was still reading after ${sent} bytes`).toBe(true);
  // What the host answered, if it reached the client before the close: never a success.
  expect(await answer).not.toMatch(/^HTTP\/1\.1 200 /);
  expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + 32 * 1024 * 1024);
});

it('takes a body within the limit, declared or not', async () => {
  const framings: Record<string, string>[] = [{ 'Content-Length': '5' }, { 'Transfer-Encoding': 'chunked' }];
  for (const framing of framings) {
    const { socket, answer } = rawUpload(framing);
    socket.write('Content-Length' in framing ? 'hello' : '5\r\nhello\r\n0\r\n\r\n');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    socket.destroy();
  }
});
