// The worker fetches a job's inputs that are on this computer, as the real service fetches its inputs: a
// sandbox upload is fetched (through loopback redirects too) and an image output shows the photo; an
// expired link, a 404, a refused connection, a redirect away from this computer, a redirect loop, the wrong
// kind of file and a file over the limit fail the job with a clear output.error; other addresses are left
// alone (the job succeeds, nothing is fetched).
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { intToRGBA, Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { AssetFetchError, fetchLoopbackAssets } from '../../electron/sandbox/assets/fetch-assets';
import { call, waitForStatus } from '../fixtures/sandbox-http';
import { seedWithOutputBytes, signedUrl, storedBytes } from '../fixtures/sandbox-outputs';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

const MB = 1024 * 1024;
let sandbox: RunningSandbox;
let files: Server;
let filesUrl: string;
/** Where the file server's /hop redirects: a sandbox upload, set by the test that uses it. */
let hopTarget = '';
/** Every path the file server was asked for, and how many bytes /endless.png managed to send. */
const requests: string[] = [];
let endlessSent = 0;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** A PNG header, then 64 KiB parts for as long as the reader takes them (at most 100 MB). */
function sendEndless(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'image/png' });
  const part = Buffer.alloc(64 * 1024, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(part);
  const pump = (): void => {
    while (endlessSent < 100 * MB && !response.destroyed) {
      endlessSent += part.length;
      if (!response.write(part)) return void response.once('drain', pump);
    }
    response.end();
  };
  pump();
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 30 }) });
  // A loopback file server for the cases the sandbox's own storage cannot make.
  files = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push(path);
    if (path === '/away') response.writeHead(302, { location: 'https://example.com/a.png' }).end();
    else if (path === '/hop') response.writeHead(307, { location: hopTarget }).end();
    else if (path === '/loop') response.writeHead(302, { location: '/loop' }).end();
    else if (path === '/huge.png') {
      // Declares 30 MB and sends 1 KiB: a reader that waited for it all would wait forever.
      response.writeHead(200, { 'content-length': String(30 * MB), 'content-type': 'image/png' });
      response.write(Buffer.alloc(1024));
    } else if (path === '/endless.png') sendEndless(response);
    else if (path === '/voice.png') {
      response.writeHead(200).end(Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000 not an image'));
    } else if (path === '/stall.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    } else response.writeHead(404).end();
  });
  filesUrl = await listen(files);
});
afterAll(async () => {
  await close(files);
  await sandbox.close();
});

async function solid(color: number, mime: 'image/png' | 'image/jpeg' = 'image/png', width = 64, height = 48) {
  return new Jimp({ width, height, color }).getBuffer(mime);
}
const RED = 0xff0000ff;

/** A short mono 8 kHz WAV of silence. */
function wav(): Buffer {
  const samples = Buffer.alloc(800);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + samples.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(16000, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(samples.length, 40);
  return Buffer.concat([head, samples]);
}

async function upload(
  bytes: Buffer,
  type = 'image/png',
  name = 'photo.png',
  on: RunningSandbox = sandbox,
): Promise<{ url: string; key: string }> {
  const response = await call(on, 'POST', '/sandbox/uploads', {
    key: KEY_A,
    rawBody: bytes,
    headers: { 'content-type': type, 'x-file-name': name },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { url: string; key: string };
}

async function runJob(
  values: Record<string, unknown>,
  projectId: string = IDS.image,
  jobType = 'image',
  on: RunningSandbox = sandbox,
): Promise<Record<string, unknown>> {
  const created = await call(on, 'POST', '/jobs/v2', {
    key: KEY_A,
    body: { project_id: projectId, job_type: jobType, values },
  });
  expect(created.status, created.text).toBe(201);
  const id = (created.body as { job: { uuid: string } }).job.uuid;
  return (await waitForStatus(on, KEY_A, id, ['SUCCESS', 'FAILED'])).job;
}
const imageJob = (photoUrl: string) => runJob({ headline: 'Hi', photo: { image_url: photoUrl } });
const errorOf = (job: Record<string, unknown>) => (job['output'] as { error?: string }).error;

/** The output PNG's pixel in the middle of the canvas (above the footer, beside the text). */
async function middlePixel(job: Record<string, unknown>, on: RunningSandbox = sandbox) {
  const output = (job['output'] as { output: string }).output;
  const bytes = await storedBytes(on, output);
  const png = await Jimp.read(bytes);
  return { ...intToRGBA(png.getPixelColor(600, 300)), width: png.width, size: bytes.length };
}
/**
 * The red photo, darkened under the text, is about (153, 0, 0). The job's own colour never has a channel
 * below about 34 (lightness 0.3, saturation 0.55), however red its hue.
 */
const isRed = ({ r, g, b }: { r: number; g: number; b: number }) => r > 120 && g < 20 && b < 20;

describe('the worker fetches inputs on this computer', () => {
  it('fetches a sandbox upload, and the image output shows the photo', async () => {
    const job = await imageJob((await upload(await solid(RED))).url);
    expect(job['job_status']).toBe('SUCCESS');
    const pixel = await middlePixel(job);
    expect(pixel.width).toBe(640);
    expect(isRed(pixel)).toBe(true);
  });

  it('follows a redirect that stays on this computer, to a JPEG', async () => {
    hopTarget = (await upload(await solid(RED, 'image/jpeg'), 'image/jpeg', 'photo.jpg')).url;
    const job = await imageJob(`${filesUrl}/hop`);
    expect(job['job_status'], errorOf(job)).toBe('SUCCESS');
    expect(isRed(await middlePixel(job))).toBe(true);
  });

  it('fails the job with a clear error for an expired link', async () => {
    const { url, key } = await upload(await solid(RED));
    // A link signed to live 1 ms, as a presigned URL that expired before the worker got to it.
    sandbox.faults.set({ signedUrlTtlMs: 1 });
    try {
      const expired = await signedUrl(sandbox, key);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const job = await imageJob(expired);
      expect(job['job_status']).toBe('FAILED');
      expect(errorOf(job)).toMatch(
        /^Could not fetch the image for “photo”: HTTP 403 from 127\.0\.0\.1:\d+ \(an expired or wrong link\?\)\.$/,
      );
    } finally {
      sandbox.faults.reset();
    }
    expect((await imageJob(url))['job_status']).toBe('SUCCESS');
  });

  it.each([
    ['/missing.png', /^Could not fetch the image for “photo”: HTTP 404 from 127\.0\.0\.1:\d+\.$/],
    [
      '/away',
      /^Could not fetch the image for “photo”: its link redirects away from this computer \(to example\.com\), which the sandbox does not follow\.$/,
    ],
    ['/loop', /its link redirects more than 3 times\.$/],
    ['/voice.png', /: voice\.png is an audio file \(MP3\), not an image\. /],
    ['/huge.png', /: it is 30\.0 MB; the limit is 20 MB\.$/],
  ])('fails the job for %s', async (path, error) => {
    const job = await imageJob(`${filesUrl}${path}`);
    expect(job['job_status']).toBe('FAILED');
    expect(errorOf(job)).toMatch(error);
  });

  it('never follows a redirect away: the other address is not asked', async () => {
    // Redirected to 0.0.0.0, which is not loopback by the rule but reaches this file server if fetched.
    const elsewhere = `http://0.0.0.0:${new URL(filesUrl).port}/elsewhere.png`;
    hopTarget = elsewhere;
    const job = await imageJob(`${filesUrl}/hop`);
    expect(errorOf(job)).toMatch(/redirects away from this computer \(to 0\.0\.0\.0:\d+\)/);
    expect(requests).not.toContain('/elsewhere.png');
  });

  it('stops reading a file without a length as soon as it passes the limit', async () => {
    const job = await imageJob(`${filesUrl}/endless.png`);
    expect(job['job_status']).toBe('FAILED');
    expect(errorOf(job)).toMatch(/: it is over the 20 MB limit\.$/);
    // The server offered 100 MB; what it got out is the limit plus what the socket's buffers held.
    expect(endlessSent).toBeLessThan(40 * MB);
  });

  it('fails the job when nothing answers at the address', async () => {
    const gone = createServer();
    const url = await listen(gone);
    await close(gone);
    const job = await imageJob(`${url}/photo.png`);
    expect(job['job_status']).toBe('FAILED');
    expect(errorOf(job)).toMatch(
      /^Could not fetch the image for “photo”: nothing answers at 127\.0\.0\.1:\d+ \(connection refused\)\.$/,
    );
  });

  it('checks an audio field gets audio: a WAV passes, a photo fails', async () => {
    const voice = (await upload(wav(), 'audio/wav', 'voice.wav')).url;
    const good = await runJob({ headline: 'Hi', voice: { audio_url: voice, effects: [] } }, IDS.tts, 'tts');
    expect(good['job_status'], errorOf(good)).toBe('SUCCESS');
    const photo = (await upload(await solid(RED))).url;
    const bad = await runJob({ headline: 'Hi', voice: { audio_url: photo, effects: [] } }, IDS.tts, 'tts');
    expect(bad['job_status']).toBe('FAILED');
    expect(errorOf(bad)).toMatch(
      /^Could not fetch the audio for “voice”: photo\.png is an image \(PNG\), not an audio file\./,
    );
  });

  it('leaves other addresses alone: nothing fetched, the job succeeds as before', async () => {
    const before = requests.length;
    // 0.0.0.0 would reach the file server, and .invalid never resolves: either fetched would fail the job.
    const reachable = await imageJob(`http://0.0.0.0:${new URL(filesUrl).port}/photo.png`);
    const unreachable = await imageJob('https://cdn.example.invalid/photo.png');
    expect([reachable['job_status'], unreachable['job_status']]).toEqual(['SUCCESS', 'SUCCESS']);
    expect(requests.length).toBe(before);
    expect(isRed(await middlePixel(reachable))).toBe(false);
  });

  it('leaves a photo too large to decode quickly out of the output; the job still succeeds', async () => {
    const job = await imageJob((await upload(await solid(RED, 'image/png', 2000, 1000))).url);
    expect(job['job_status']).toBe('SUCCESS');
    expect(isRed(await middlePixel(job))).toBe(false);
  });
});

describe('a fetch that stalls', () => {
  it('gives up after the timeout, mid-body, with the words of a timeout', async () => {
    const values = { photo: { image_url: `${filesUrl}/stall.png` } };
    const error = await fetchLoopbackAssets(values, { timeoutMs: 300 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssetFetchError);
    expect((error as Error).message).toMatch(
      /^Could not fetch the image for “photo”: 127\.0\.0\.1:\d+ did not send it within 0\.3 s\.$/,
    );
  });

  it('does not hold up the sandbox closing', async () => {
    const closing = await startSandbox({ seed: makeTestSeed({ durationMs: 0 }) });
    const stalls = () => requests.filter((path) => path === '/stall.png').length;
    const asked = stalls();
    const created = await call(closing, 'POST', '/jobs/v2', {
      key: KEY_A,
      body: {
        project_id: IDS.image,
        job_type: 'image',
        values: { photo: { image_url: `${filesUrl}/stall.png` } },
      },
    });
    expect(created.status).toBe(201);
    // Wait until the worker is at the stalled server, then close: the 10 s timeout is not waited for.
    while (stalls() === asked) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const started = Date.now();
    await closing.close();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('padded outputs (simulate.outputBytes) with a photo', () => {
  let padded: RunningSandbox;
  beforeAll(async () => {
    padded = await startSandbox({ seed: seedWithOutputBytes(2 * MB) });
  });
  afterAll(async () => {
    await padded.close();
  });

  it('are the size asked for and still show the photo', async () => {
    const url = (await upload(await solid(RED), 'image/png', 'photo.png', padded)).url;
    const job = await runJob({ headline: 'Hi', photo: { image_url: url } }, IDS.image, 'image', padded);
    expect(job['job_status'], errorOf(job)).toBe('SUCCESS');
    const pixel = await middlePixel(job, padded);
    expect(pixel.size).toBe(2 * MB);
    expect(isRed(pixel)).toBe(true);
  });
});
