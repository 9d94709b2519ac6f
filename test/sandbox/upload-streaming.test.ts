// POST /sandbox/uploads never holds a body in memory: a declared size over the limit is refused (413)
// before a byte of the body is read, a body without a declared size is cut at the limit, and an accepted
// upload reaches the disk while it is still arriving (so three large uploads cost no more than their parts).
import { readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { UPLOAD_LIMIT_BYTES } from '../../electron/sandbox/routes/upload-routes';
import { KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { rawExchange, requestHead, statusOf } from './raw-socket';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed() });
});
afterAll(() => sandbox.close());

const MB = 1024 * 1024;
const HEADERS = { 'x-api-key': KEY_A, 'content-type': 'image/png', 'x-file-name': 'big.png' };

/** The bytes of the files being written now (a `.writing-` file is an upload still arriving). */
function bytesBeingWritten(): number {
  const dir = sandbox.inspect.filesFolder();
  return readdirSync(dir)
    .filter((name) => name.startsWith('.writing-'))
    .reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

/** A chunked upload (no Content-Length) the test writes part by part. */
function chunkedUpload() {
  const { hostname, port } = new URL(sandbox.url);
  const req = httpRequest({
    host: hostname,
    port: Number(port),
    method: 'POST',
    path: '/sandbox/uploads',
    headers: { ...HEADERS, 'transfer-encoding': 'chunked' },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  return { req, answer };
}

it('refuses a declared size over the limit with 413 before any of the body is sent', async () => {
  const exchange = await rawExchange(
    sandbox.url,
    requestHead('POST', '/sandbox/uploads', { ...HEADERS, 'Content-Length': String(600 * MB) }),
    '',
    { waitMs: 10_000 },
  );
  expect(statusOf(exchange)).toBe(413);
  expect(exchange.received).toContain(`The upload is larger than ${UPLOAD_LIMIT_BYTES / MB} MB`);
  // The connection is closed rather than the 600 MB read and thrown away.
  expect(exchange.closedByServer).toBe(true);
  expect(bytesBeingWritten()).toBe(0);
});

it('cuts a body without a declared size at the limit, answers 413 and keeps nothing of it', async () => {
  const { req, answer } = chunkedUpload();
  const part = Buffer.alloc(MB, 7);
  let sent = 0;
  let answered = false;
  void answer.then(
    () => (answered = true),
    () => (answered = true),
  );
  // Sends until the server answers (or three times the limit, which it must never let through).
  while (!answered && sent < 3 * UPLOAD_LIMIT_BYTES) {
    const flushed = req.write(part);
    sent += part.length;
    if (!flushed) {
      await new Promise<void>((resolve) => {
        const done = () => resolve();
        req.once('drain', done);
        void answer.then(done, done);
      });
    }
  }
  const { status, body } = await answer;
  expect(status).toBe(413);
  expect(body).toContain(`The upload is larger than ${UPLOAD_LIMIT_BYTES / MB} MB`);
  // Cut at the limit: what the client got through is the limit and what the sockets' buffers held.
  expect(sent).toBeLessThan(2 * UPLOAD_LIMIT_BYTES);
  req.destroy();
  await vi.waitFor(() => expect(bytesBeingWritten()).toBe(0));
  expect(sandbox.inspect.fileKeys().filter((key) => key.endsWith('/big.png'))).toEqual([]);
});

it('writes an accepted upload to disk while it arrives, not once it is whole', async () => {
  const { req, answer } = chunkedUpload();
  req.write(Buffer.alloc(4 * MB, 1));
  // The first 4 MB are on disk before the rest is even sent: the route streams, it does not buffer.
  await vi.waitFor(() => expect(bytesBeingWritten()).toBe(4 * MB), { timeout: 20_000, interval: 20 });
  req.end(Buffer.alloc(MB, 2));
  const { status, body } = await answer;
  expect(status).toBe(201);
  const { url } = JSON.parse(body) as { url: string };
  const served = Buffer.from(await (await fetch(url)).arrayBuffer());
  expect(served.length).toBe(5 * MB);
  expect(served[0]).toBe(1);
  expect(served[5 * MB - 1]).toBe(2);
});
