// The drawer's preview of a job's image or audio (`assets:preview`) against the real sandbox over loopback:
// the bytes of a file on the job's own local account, and nothing from any other address or over the limit.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Jimp } from 'jimp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import { createApiClient } from '../../electron/core/api';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { dispatch } from '../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import type { Channel, IpcResult } from '../../electron/shared/ipc/contract';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

let other: RunningSandbox;
let dataDir: string;
const cores: AppCore[] = [];

// Another server on this computer, on another port, that serves a real image to whoever asks.
beforeAll(async () => {
  other = await startSandbox({ seed: makeTestSeed({ durationMs: 300 }) });
});
afterAll(() => other.close());
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function sandboxCore() {
  dataDir = await mkdtemp(join(tmpdir(), 'jrs-preview-'));
  const launcher = testSandboxLauncher(makeTestSeed({ durationMs: 300 }));
  const core = await createAppCore({
    dataDir,
    downloadsDir: join(dataDir, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: launcher,
    flushMs: 20,
  });
  cores.push(core);
  const call = async <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);
  value(await call('accounts:useSandbox'));
  return { call, launcher };
}

function value<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
}

/** A real 40×30 PNG, as a photo taken from disk would be. */
async function realPng(): Promise<Buffer> {
  return new Jimp({ width: 40, height: 30, color: 0x3366ccff }).getBuffer('image/png');
}

type Call = Awaited<ReturnType<typeof sandboxCore>>['call'];

/** A job of the image project whose photo is at `photoUrl`, through the app's own submit path. */
async function submitWithPhoto(call: Call, photoUrl: string): Promise<string> {
  const job = value(
    await call('jobs:submit', {
      projectId: IDS.image,
      projectName: '',
      jobType: 'image',
      values: {
        headline: 'Hello',
        photo: { image_url: photoUrl },
        voice: { audio_url: 'https://cdn.example.com/voice.mp3', effects: [] },
      },
    }),
  );
  return job.id;
}

describe('assets:preview', () => {
  it('answers the very bytes of an image uploaded to the built-in sandbox', async () => {
    const { call } = await sandboxCore();
    const png = await realPng();
    const { url } = value(
      await call('assets:upload', {
        kind: 'image',
        name: 'photo.png',
        mimeType: 'image/png',
        bytes: new Uint8Array(png),
      }),
    );
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const jobId = await submitWithPhoto(call, url);

    const preview = value(await call('assets:preview', { jobId, field: 'photo' }));
    expect(preview.mimeType).toBe('image/png');
    expect(Buffer.from(preview.base64, 'base64').equals(png)).toBe(true);
  });

  it('refuses an address on another port of this computer, even one that serves a real image', async () => {
    const { call } = await sandboxCore();
    const png = await realPng();
    // A real file on the other server: were it fetched, the preview would answer it.
    const { url: elsewhere } = await createApiClient({
      baseUrl: other.url,
      apiKey: KEY_A,
    }).uploadSandboxAsset(new Uint8Array(png), 'photo.png', 'image/png');
    expect(new URL(elsewhere).port).not.toBe('');
    expect((await fetch(elsewhere)).status).toBe(200);
    const jobId = await submitWithPhoto(call, elsewhere);

    const refused = await call('assets:preview', { jobId, field: 'photo' });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid-input',
        message: expect.stringMatching(/not on this job's own account .*shown by its address only/),
      },
    });
  });

  it('answers a file of a local sandbox account (an account of its own at a loopback address)', async () => {
    const { call } = await sandboxCore();
    value(await call('accounts:add', { name: 'Local', baseUrl: other.url, apiKey: KEY_A }));
    const png = await realPng();
    const { url } = await createApiClient({ baseUrl: other.url, apiKey: KEY_A }).uploadSandboxAsset(
      new Uint8Array(png),
      'photo.png',
      'image/png',
    );
    const jobId = await submitWithPhoto(call, url);

    const preview = value(await call('assets:preview', { jobId, field: 'photo' }));
    expect(Buffer.from(preview.base64, 'base64').equals(png)).toBe(true);
  });

  it('refuses a file over the image limit (20 MB) without answering its bytes', async () => {
    const { call, launcher } = await sandboxCore();
    // A PNG's signature then zeros: 21 MB, over the field's limit, uploaded straight to the sandbox (the
    // app's own upload would refuse it first).
    const big = new Uint8Array(21 * 1024 * 1024);
    big.set(await realPng());
    const sandbox = launcher.running[0]!;
    const { url } = await createApiClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKeys[0]!,
    }).uploadSandboxAsset(big, 'huge.png', 'image/png');
    const jobId = await submitWithPhoto(call, url);

    const refused = await call('assets:preview', { jobId, field: 'photo' });
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: expect.stringContaining('the limit is 20 MB') },
    });
  });

  it('says so for a value that is not an image or audio, and for a job no longer in the history', async () => {
    const { call } = await sandboxCore();
    const jobId = await submitWithPhoto(call, 'https://cdn.example.com/photo.png');
    expect(await call('assets:preview', { jobId, field: 'headline' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: expect.stringContaining('no image or audio') },
    });
    // An https address is the page's to load (the CSP allows https:): core never fetches it.
    expect(await call('assets:preview', { jobId, field: 'photo' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: expect.stringContaining('shown by its address only') },
    });
    expect(await call('assets:preview', { jobId: 'no-such-job', field: 'photo' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
  });
});
