// The key and the declared size are checked before a body is read, and a body that never finishes is cut
// off: a client without a key cannot make the sandbox buffer an upload or hold a connection open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { UPLOAD_LIMIT_BYTES } from '../../electron/sandbox/routes/upload-routes';
import { call } from '../fixtures/sandbox-http';
import { KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { rawExchange, requestHead, statusOf } from './raw-socket';

const REQUEST_TIMEOUT_MS = 1500;
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed(), requestTimeoutMs: REQUEST_TIMEOUT_MS });
});
afterAll(() => sandbox.close());

const jsonHead = (path: string, length: number, key?: string) =>
  requestHead('POST', path, {
    'content-type': 'application/json',
    'content-length': String(length),
    ...(key ? { 'x-api-key': key } : {}),
  });
const uploadHead = (length: number, key?: string) =>
  requestHead('POST', '/sandbox/uploads', {
    'content-type': 'image/png',
    'content-length': String(length),
    ...(key ? { 'x-api-key': key } : {}),
  });

describe('what the sandbox checks before it reads a body', () => {
  it.each([
    ['an upload of 60 MiB with no key', uploadHead(UPLOAD_LIMIT_BYTES - 1)],
    ['an upload with a wrong key', uploadHead(UPLOAD_LIMIT_BYTES - 1, 'not-a-real-key-0000')],
    ['a job with no key', jsonHead('/jobs/v2', 500)],
    ['an update with no key', jsonHead('/jobs/some-id', 500).replace(/^POST/, 'PUT')],
  ])('answers 401 to %s after a few bytes of its body, and closes the connection', async (_label, head) => {
    // Far less time than the request timeout: the answer cannot come from the body being cut off.
    const exchange = await rawExchange(sandbox.url, head, 'abc', { waitMs: REQUEST_TIMEOUT_MS - 500 });
    expect(statusOf(exchange), exchange.received).toBe(401);
    expect(exchange.received).toContain('"message":"Unauthorized"');
    expect(exchange.closedByServer).toBe(true);
  });

  it.each([
    ['a job', jsonHead('/jobs/v2', BODY_LIMIT_BYTES + 1, KEY_A)],
    ['an upload', uploadHead(UPLOAD_LIMIT_BYTES + 1, KEY_A)],
  ])('answers 413 to %s whose declared length is over the limit, before its body', async (_label, head) => {
    const exchange = await rawExchange(sandbox.url, head, 'abc', { waitMs: REQUEST_TIMEOUT_MS - 500 });
    expect(statusOf(exchange), exchange.received).toBe(413);
    expect(exchange.closedByServer).toBe(true);
  });
});

describe('slow bodies', () => {
  it.each([
    ['stops', undefined],
    ['trickles in', 50],
  ])('cuts off a keyed body that %s, with 408, after the request timeout', async (_label, trickleEveryMs) => {
    const exchange = await rawExchange(sandbox.url, jsonHead('/jobs/v2', 10_000, KEY_A), '{"job_type":', {
      waitMs: 5000,
      trickleEveryMs,
    });
    expect(statusOf(exchange), exchange.received).toBe(408);
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.elapsedMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(exchange.elapsedMs).toBeLessThan(5000);
  });

  it('still serves requests whose bodies arrive in time', async () => {
    const response = await call(sandbox, 'PUT', '/jobs/unknown-id', { key: KEY_A, body: { output: {} } });
    expect(response.body).toEqual({ message: 'Job not found' });
  });
});
