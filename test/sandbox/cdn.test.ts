// Signed links on the sandbox's CDN: signature and expiry checks, HEAD, ETag, Range, and download faults.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { call, waitForStatus } from '../fixtures/sandbox-http';
import { IDS, KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';

let sandbox: RunningSandbox;
let key: string;
let bytes: Buffer;

async function signedUrlFor(path: string, apiKey = KEY_A): Promise<string> {
  const response = await call(
    sandbox,
    'GET',
    `/storage/generate-signed-path?path=${encodeURIComponent(path)}`,
    {
      key: apiKey,
    },
  );
  return (response.body as { signedUrl: string }).signedUrl;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
  const created = await call(sandbox, 'POST', '/jobs/v2', {
    key: KEY_A,
    body: { template_id: IDS.pdf, job_type: 'pdf', values: { headline: 'CDN test' } },
  });
  const { job } = await waitForStatus(sandbox, KEY_A, (created.body as { job: { uuid: string } }).job.uuid, [
    'SUCCESS',
  ]);
  key = (job['output'] as { output: string }).output;
  bytes = Buffer.from(await (await fetch(await signedUrlFor(key))).arrayBuffer());
});
afterEach(() => sandbox.faults.reset());
afterAll(() => sandbox.close());

describe('the CDN', () => {
  it('serves the file with Content-Length, ETag, Content-Type and Accept-Ranges', async () => {
    const response = await fetch(await signedUrlFor(key));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(await signedUrlFor(key), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=10-', 10, -1],
    ['bytes=-7', -7, -1],
    ['bytes=5-999999999', 5, -1],
  ])('answers Range %s with 206 and the exact slice', async (range, start, end) => {
    const response = await fetch(await signedUrlFor(key), { headers: { range } });
    expect(response.status).toBe(206);
    const size = bytes.length;
    const from = start < 0 ? size + start : start;
    const to = end < 0 ? size - 1 : end;
    expect(response.headers.get('content-range')).toBe(`bytes ${from}-${to}/${size}`);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(from, to + 1));
  });

  it('answers 416 for a range past the end', async () => {
    const response = await fetch(await signedUrlFor(key), { headers: { range: `bytes=${bytes.length}-` } });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('answers 304 to a matching If-None-Match and ignores Range when If-Range does not match', async () => {
    const url = await signedUrlFor(key);
    const etag = (await fetch(url, { method: 'HEAD' })).headers.get('etag')!;
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const stale = await fetch(url, { headers: { range: 'bytes=0-3', 'if-range': '"stale"' } });
    expect(stale.status).toBe(200);
    const fresh = await fetch(url, { headers: { range: 'bytes=0-3', 'if-range': etag } });
    expect(fresh.status).toBe(206);
  });

  it.each([
    ['a changed signature', (url: URL) => url.searchParams.set('sig', 'a'.repeat(64))],
    ['a later expiry', (url: URL) => url.searchParams.set('expires', String(Date.now() + 9e9))],
    ['another account', (url: URL) => url.searchParams.set('acct', '00000000-0000-4000-8000-000000000000')],
    ['another path', (url: URL) => (url.pathname = url.pathname.replace('.pdf', '.mp4'))],
    ['no signature', (url: URL) => url.searchParams.delete('sig')],
    ['a garbage expiry', (url: URL) => url.searchParams.set('expires', 'soon')],
  ])('answers 403 for a link with %s', async (_label, tamper) => {
    const url = new URL(await signedUrlFor(key));
    tamper(url);
    const response = await fetch(url);
    expect(response.status).toBe(403);
  });

  it('answers 403 once the link has expired', async () => {
    sandbox.faults.set({ signedUrlTtlMs: 100 });
    const url = await signedUrlFor(key);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/expired/);
  });

  it("never serves another account's file, and 404s a missing one", async () => {
    expect((await fetch(await signedUrlFor(key, KEY_B))).status).toBe(404);
    expect((await fetch(await signedUrlFor('videos/none/outputs/none.mp4'))).status).toBe(404);
  });

  it('cuts a download short when told to: the body ends before Content-Length', async () => {
    sandbox.faults.set({ cdnCutAfterBytes: 100 });
    const url = await signedUrlFor(key);
    let headerLength: string | null = null;
    const read = async () => {
      const response = await fetch(url);
      headerLength = response.headers.get('content-length');
      return response.arrayBuffer();
    };
    await expect(read()).rejects.toThrow();
    expect(headerLength).toBe(String(bytes.length));
  });

  it('throttles a download to the given speed', async () => {
    const bytesPerSecond = Math.ceil(bytes.length / 0.6);
    sandbox.faults.set({ cdnBytesPerSecond: bytesPerSecond });
    const started = performance.now();
    const body = Buffer.from(await (await fetch(await signedUrlFor(key))).arrayBuffer());
    const elapsed = performance.now() - started;
    expect(body).toEqual(bytes);
    // A lower bound only: the throttle makes it slow; nothing here depends on the machine being fast.
    expect(elapsed).toBeGreaterThan(300);
  });
});
