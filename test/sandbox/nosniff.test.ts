// Every answer of the sandbox carries `X-Content-Type-Options: nosniff`, so a browser never runs an
// uploaded SVG or a JSON error as something else: API, CDN, uploads, errors, 404s and HTTP-level errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { call, type RawResponse } from '../fixtures/sandbox-http';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { rawExchange, requestHead, statusOf } from './raw-socket';

let sandbox: RunningSandbox;
let svgUrl: string;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 60_000 }) });
  const uploaded = await call(sandbox, 'POST', '/sandbox/uploads', {
    key: KEY_A,
    rawBody: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    headers: { 'content-type': 'image/svg+xml', 'x-file-name': 'logo.svg' },
  });
  expect(uploaded.status).toBe(201);
  svgUrl = (uploaded.body as { url: string }).url;
});
afterAll(() => sandbox.close());

const nosniff = (response: Pick<RawResponse, 'headers'>) => response.headers.get('x-content-type-options');

describe('X-Content-Type-Options: nosniff', () => {
  it.each([
    ['GET /auth/credits', 'GET', '/auth/credits', KEY_A, undefined, 200],
    ['an API answer without a key', 'GET', '/auth/credits', null, undefined, 401],
    ['a 400 for invalid JSON', 'POST', '/jobs/v2', KEY_A, '{not json', 400],
    [
      'a 201 for a new job',
      'POST',
      '/jobs/v2',
      KEY_A,
      JSON.stringify({ template_id: IDS.pdf, job_type: 'pdf' }),
      201,
    ],
    [
      'a mapping-fields 404',
      'GET',
      `/api/provider/projects/${IDS.deleted}/mapping-fields`,
      KEY_A,
      undefined,
      404,
    ],
    ['an unknown route', 'GET', '/no/such/route', null, undefined, 404],
    ['a signed path', 'GET', '/storage/generate-signed-path?path=a/b.mp4', KEY_A, undefined, 200],
    ['an upload', 'POST', '/sandbox/uploads', KEY_A, 'bytes', 415],
  ] as const)('is on %s', async (_label, method, path, key, rawBody, status) => {
    const response = await call(sandbox, method, path, { key, rawBody });
    expect(response.status).toBe(status);
    expect(nosniff(response)).toBe('nosniff');
  });

  it('is on an injected fault', async () => {
    sandbox.faults.script({ kind: 'status', status: 503 });
    const response = await call(sandbox, 'GET', '/auth/credits', { key: KEY_A });
    expect(response.status).toBe(503);
    expect(nosniff(response)).toBe('nosniff');
  });

  it('is on an uploaded SVG served by the CDN, whole, ranged and HEAD', async () => {
    const whole = await fetch(svgUrl);
    expect(whole.headers.get('content-type')).toBe('image/svg+xml');
    expect(nosniff(whole)).toBe('nosniff');
    const ranged = await fetch(svgUrl, { headers: { range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);
    expect(nosniff(ranged)).toBe('nosniff');
    const head = await fetch(svgUrl, { method: 'HEAD' });
    expect(nosniff(head)).toBe('nosniff');
  });

  it('is on CDN refusals', async () => {
    const tampered = new URL(svgUrl);
    tampered.searchParams.set('sig', 'bad');
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(nosniff(refused)).toBe('nosniff');
  });

  it('is on answers to requests that are not HTTP at all', async () => {
    const exchange = await rawExchange(sandbox.url, 'NOT HTTP\r\n\r\n');
    expect(statusOf(exchange)).toBe(400);
    expect(exchange.received.toLowerCase()).toContain('x-content-type-options: nosniff');
  });

  it('is on an answer whose headers are too large', async () => {
    const exchange = await rawExchange(
      sandbox.url,
      requestHead('GET', '/auth/credits', { 'x-api-key': KEY_A, 'x-padding': 'p'.repeat(20_000) }),
    );
    expect(statusOf(exchange)).toBe(431);
    expect(exchange.received.toLowerCase()).toContain('x-content-type-options: nosniff');
  });
});
