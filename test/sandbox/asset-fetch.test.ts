// The worker fetches a job's inputs that are on this computer, as the real service fetches its inputs: a
// sandbox upload is fetched and an image job's output shows the photo; an expired link, a 404, a redirect
// away from this computer, the wrong kind of file and a file over the limit fail the job with a clear
// output.error; an address elsewhere is left alone (the job succeeds, nothing is fetched).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { intToRGBA, Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { call, waitForStatus } from '../fixtures/sandbox-http';
import { signedUrl, storedBytes } from '../fixtures/sandbox-outputs';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

let sandbox: RunningSandbox;
let files: Server;
let filesUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 30 }) });
  // A loopback file server for the cases the sandbox's own storage cannot make.
  files = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/away') {
      response.writeHead(302, { location: 'https://example.com/a.png' }).end();
    } else if (request.url === '/huge.png') {
      response.writeHead(200, { 'content-length': String(30 * 1024 * 1024), 'content-type': 'image/png' });
      response.write(Buffer.alloc(1024));
    } else if (request.url === '/voice.png') {
      response.writeHead(200).end(Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000 not an image'));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
  await sandbox.close();
});

async function red(): Promise<Buffer> {
  const image = new Jimp({ width: 64, height: 48, color: 0xff0000ff });
  return image.getBuffer('image/png');
}

async function upload(bytes: Buffer): Promise<{ url: string; key: string }> {
  const response = await call(sandbox, 'POST', '/sandbox/uploads', {
    key: KEY_A,
    rawBody: bytes,
    headers: { 'content-type': 'image/png', 'x-file-name': 'photo.png' },
  });
  return response.body as { url: string; key: string };
}
const uploaded = async (bytes: Buffer) => (await upload(bytes)).url;

async function imageJob(photoUrl: string): Promise<Record<string, unknown>> {
  const created = await call(sandbox, 'POST', '/jobs/v2', {
    key: KEY_A,
    body: {
      project_id: IDS.image,
      job_type: 'image',
      values: { headline: 'Hi', photo: { image_url: photoUrl } },
    },
  });
  const id = (created.body as { job: { uuid: string } }).job.uuid;
  return (await waitForStatus(sandbox, KEY_A, id, ['SUCCESS', 'FAILED'])).job;
}

describe('the worker fetches inputs on this computer', () => {
  it('fetches a sandbox upload, and the image output shows the photo', async () => {
    const job = await imageJob(await uploaded(await red()));
    expect(job['job_status']).toBe('SUCCESS');
    const output = (job['output'] as { output: string }).output;
    const png = await Jimp.read(await storedBytes(sandbox, output));
    // The middle of the canvas (above the footer, beside the text) is the red photo, darkened.
    const { r, g, b } = intToRGBA(png.getPixelColor(600, 300));
    expect(r).toBeGreaterThan(100);
    expect(g).toBeLessThan(40);
    expect(b).toBeLessThan(40);
  });

  it('fails the job with a clear error for an expired link', async () => {
    const { url, key } = await upload(await red());
    // A link signed to live 1 ms, as a presigned URL that expired before the worker got to it.
    sandbox.faults.set({ signedUrlTtlMs: 1 });
    try {
      const expired = await signedUrl(sandbox, key);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const job = await imageJob(expired);
      expect(job['job_status']).toBe('FAILED');
      expect((job['output'] as { error: string }).error).toMatch(
        /^Could not fetch the image for “photo”: HTTP 403 from 127\.0\.0\.1:\d+ \(an expired or wrong link\?\)\.$/,
      );
    } finally {
      sandbox.faults.reset();
    }
    expect((await imageJob(url))['job_status']).toBe('SUCCESS');
  });

  it.each([
    ['/missing.png', /^Could not fetch the image for “photo”: HTTP 404 from 127\.0\.0\.1:\d+\.$/],
    ['/away', /its link redirects away from this computer, which the sandbox does not follow\.$/],
    ['/voice.png', /is an audio file \(MP3\), not an image/],
    ['/huge.png', /it is 30\.0 MB; the limit is 20 MB\.$/],
  ])('fails the job for %s', async (path, error) => {
    const job = await imageJob(`${filesUrl}${path}`);
    expect(job['job_status']).toBe('FAILED');
    expect((job['output'] as { error: string }).error).toMatch(error);
  });

  it('leaves an address elsewhere alone: nothing fetched, the job succeeds', async () => {
    const before = requests.length;
    const job = await imageJob('https://cdn.example.invalid/photo.png');
    expect(job['job_status']).toBe('SUCCESS');
    expect(requests.length).toBe(before);
  });
});
