// uploadSandboxAsset (POST /sandbox/uploads) through the client's transport, and the SandboxUploader on
// top of it: raw bytes with their own type and name, write retry rules, caps, and the person's messages.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/core/api';
import { AppError } from '../../electron/core/kernel/app-error';
import { SandboxUploader } from '../../electron/core/assets/asset-uploader';
import { startSandbox } from '../../electron/sandbox';
import type { RunningSandbox } from '../../electron/sandbox';
import type { UploadAsset } from '../../electron/shared/domain/asset';
import { SENTENCE, apiErrorOf, makeClient } from '../fixtures/api-client-harness';
import {
  closedPort,
  endlessBody,
  json,
  resetBeforeAnswer,
  stall,
  startScriptedServer,
} from '../fixtures/scripted-server';
import type { ScriptedServer } from '../fixtures/scripted-server';
import { KEY_A, makeTestSeed } from '../fixtures/test-seed';

/** Every byte value, so that any text decoding on the way would show. */
const BYTES = Uint8Array.from({ length: 256 }, (_, index) => index);
const SIGNED = 'http://127.0.0.1:9/sandbox/files/uploads/a/b/photo.png?expires=1&sig=abc';
const stored = { key: 'uploads/a/b/photo.png', url: SIGNED };

let server: ScriptedServer;
let sandbox: RunningSandbox;
beforeAll(async () => {
  server = await startScriptedServer();
  sandbox = await startSandbox({ seed: makeTestSeed() });
});
afterAll(async () => {
  await server.close();
  await sandbox.close();
});
beforeEach(() => server.reset());

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw new Error(`expected an AppError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected the upload to fail, but it succeeded');
}

/** What the uploader sends must be what its name says (it checks the first bytes): a PNG signature first. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...BYTES]);
const MP3_BYTES = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, ...BYTES]);

const image = (overrides: Partial<UploadAsset> = {}): UploadAsset => ({
  kind: 'image',
  name: 'Product shot.png',
  mimeType: 'image/png',
  bytes: PNG_BYTES,
  ...overrides,
});

describe('uploadSandboxAsset', () => {
  it('posts the raw bytes with their type, the encoded name and the key, and answers the link', async () => {
    server.handle(json(201, stored));
    const { client, logs } = makeClient(server.url);
    await expect(client.uploadSandboxAsset(BYTES, 'Prödukt shot #1.png', 'image/png')).resolves.toEqual({
      url: SIGNED,
    });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/sandbox/uploads' });
    expect(request?.headers['content-type']).toBe('image/png');
    expect(request?.headers['x-file-name']).toBe(encodeURIComponent('Prödukt shot #1.png'));
    expect(request?.headers['x-api-key']).toBe('test-api-key-0000');
    expect(request?.headers['accept']).toBe('application/json');
    expect(new Uint8Array(request?.bytes ?? [])).toEqual(BYTES);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^POST \/sandbox\/uploads → 201 in \d+ ms$/);
  });

  it('a refusal carries the service’s words as the detail', async () => {
    server.handle(json(415, { message: 'Uploads must be images or audio.' }));
    const error = await apiErrorOf(
      makeClient(server.url).client.uploadSandboxAsset(BYTES, 'a.png', 'image/png'),
    );
    expect(error).toMatchObject({
      kind: 'bad-request',
      operation: 'uploadSandboxAsset',
      status: 415,
      detail: 'Uploads must be images or audio.',
    });
    expect(error.message).toMatch(SENTENCE);
    expect(error.message).toMatch(/while uploading the file/);
  });

  it('is a write: a 503 is not sent again, and its outcome is unknown', async () => {
    server.handle(json(503, {}));
    const { client, sleeps } = makeClient(server.url);
    const error = await apiErrorOf(client.uploadSandboxAsset(BYTES, 'a.png', 'image/png'));
    expect(error).toMatchObject({ kind: 'server', outcomeUnknown: true });
    expect(error.message).toMatch(/may have been stored/);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a connection reset before the answer is not retried either', async () => {
    server.handle(resetBeforeAnswer);
    const error = await apiErrorOf(
      makeClient(server.url).client.uploadSandboxAsset(BYTES, 'a.png', 'image/png'),
    );
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true });
    expect(server.requests).toHaveLength(1);
  });

  it('a closed port is retried (the bytes never left), unless the call asks for one attempt', async () => {
    const port = await closedPort();
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const { client } = makeClient(`http://127.0.0.1:${port}`, { fetch: counting });
    await expect(apiErrorOf(client.uploadSandboxAsset(BYTES, 'a.png', 'image/png'))).resolves.toMatchObject({
      kind: 'network',
      outcomeUnknown: false,
    });
    expect(calls).toBe(4);
    await apiErrorOf(client.uploadSandboxAsset(BYTES, 'a.png', 'image/png', { retries: 0 }));
    expect(calls).toBe(5);
  });

  it('a 429 goes again after Retry-After', async () => {
    server.sequence(json(429, {}, { 'retry-after': '1' }), json(201, stored));
    const { client, sleeps } = makeClient(server.url);
    await expect(client.uploadSandboxAsset(BYTES, 'a.png', 'image/png')).resolves.toEqual({ url: SIGNED });
    expect(sleeps).toEqual([1000]);
    expect(server.requests.map((request) => new Uint8Array(request.bytes))).toEqual([BYTES, BYTES]);
  });

  it('times out per attempt, once for a write', async () => {
    server.handle(stall);
    const { client } = makeClient(server.url);
    const error = await apiErrorOf(
      client.uploadSandboxAsset(BYTES, 'a.png', 'image/png', { timeoutMs: 150 }),
    );
    expect(error).toMatchObject({ kind: 'timeout', outcomeUnknown: true });
    expect(server.requests).toHaveLength(1);
  });

  it('an endless answer is cut at the body cap', async () => {
    server.handle(endlessBody);
    const { client } = makeClient(server.url, { maxBodyBytes: 64 * 1024 });
    const error = await apiErrorOf(client.uploadSandboxAsset(BYTES, 'a.png', 'image/png'));
    expect(error.message).toMatch(/larger than the limit of 65536 bytes/);
  });

  it.each([
    ['no url', { key: 'k' }],
    ['a javascript: url', { url: 'javascript:alert(1)' }],
    ['a file: url', { url: 'file:///etc/passwd' }],
  ])('an answer with %s is an invalid response', async (_name, body) => {
    server.handle(json(201, body));
    const error = await apiErrorOf(
      makeClient(server.url).client.uploadSandboxAsset(BYTES, 'a.png', 'image/png'),
    );
    expect(error).toMatchObject({ kind: 'invalid-response', operation: 'uploadSandboxAsset' });
    expect(error.message).toContain('at url');
  });

  it.each([
    ['empty bytes', () => [new Uint8Array(0), 'a.png', 'image/png']],
    ['bytes that are not a Uint8Array', () => ['png', 'a.png', 'image/png']],
    ['a name that is not text', () => [BYTES, 5, 'image/png']],
    ['a name with a lone surrogate', () => [BYTES, 'a\ud800.png', 'image/png']],
    ['a type with a line break', () => [BYTES, 'a.png', 'image/png\r\nx-evil: 1']],
    ['an empty type', () => [BYTES, 'a.png', '']],
    ['a type that is not a media type', () => [BYTES, 'a.png', 'png']],
  ])('%s is a bad-request and nothing is sent', async (_name, args) => {
    const { client, logs } = makeClient(server.url);
    const [bytes, name, type] = args() as [Uint8Array<ArrayBuffer>, string, string];
    const error = await apiErrorOf(client.uploadSandboxAsset(bytes, name, type));
    expect(error).toMatchObject({ kind: 'bad-request', operation: 'uploadSandboxAsset' });
    expect(error.message).toMatch(/^The request was not sent/);
    expect(server.requests).toHaveLength(0);
    expect(logs).toEqual([]);
  });

  it('a media type with parameters is sent as given', async () => {
    server.handle(json(201, stored));
    await makeClient(server.url).client.uploadSandboxAsset(BYTES, 'a.webm', 'audio/webm; codecs=opus');
    expect(server.requests[0]?.headers['content-type']).toBe('audio/webm; codecs=opus');
  });
});

describe('SandboxUploader on the client', () => {
  const sandboxClient = () => createApiClient({ baseUrl: sandbox.url, apiKey: KEY_A });

  it('stores the file in the sandbox and answers a signed link that serves it', async () => {
    const uploader = new SandboxUploader(sandboxClient());
    expect(uploader.capability()).toEqual({ available: true });
    const { url } = await uploader.upload(image());
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('sends the default type of the kind when the file has none', async () => {
    server.handle(json(201, stored));
    const uploader = new SandboxUploader(makeClient(server.url).client);
    await uploader.upload(image({ mimeType: '' }));
    await uploader.upload(image({ kind: 'audio', name: 'voice.mp3', mimeType: '', bytes: MP3_BYTES }));
    expect(server.requests.map((request) => request.headers['content-type'])).toEqual([
      'image/png',
      'audio/mpeg',
    ]);
  });

  it('refuses a file whose content is not what its name says, before sending anything', async () => {
    const uploader = new SandboxUploader(makeClient(server.url).client);
    const error = await appErrorOf(uploader.upload(image({ name: 'fake.png', bytes: new Uint8Array(512) })));
    expect(error.kind).toBe('invalid-input');
    expect(error.message).toMatch(/^fake\.png is not a readable image/);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a file of the wrong type before sending anything', async () => {
    const uploader = new SandboxUploader(makeClient(server.url).client);
    const error = await appErrorOf(uploader.upload(image({ name: 'notes.txt', mimeType: 'text/plain' })));
    expect(error.kind).toBe('invalid-input');
    expect(server.requests).toHaveLength(0);
  });

  it('a refusal by the sandbox: storage, in the sandbox’s words', async () => {
    server.handle(json(415, { message: 'Uploads must be images or audio.' }));
    const uploader = new SandboxUploader(makeClient(server.url).client);
    const error = await appErrorOf(uploader.upload(image({ name: 'a.png' })));
    expect(error.kind).toBe('storage');
    expect(error.message).toBe('The sandbox did not store a.png: Uploads must be images or audio.');
  });

  it('an answer without words: storage, with the status', async () => {
    server.handle(json(201, { key: 'k' }));
    const uploader = new SandboxUploader(makeClient(server.url).client);
    const error = await appErrorOf(uploader.upload(image({ name: 'a.png' })));
    expect(error.message).toBe('The sandbox did not store a.png: status 201');
  });

  it('a sandbox that cannot be reached: network, try again', async () => {
    const uploader = new SandboxUploader(makeClient(`http://127.0.0.1:${await closedPort()}`).client);
    const error = await appErrorOf(uploader.upload(image({ name: 'a.png' })));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('The upload of a.png did not reach the sandbox. Try again.');
  });

  it('goes through the client’s transport: its key, its log line, the uploader’s timeout', async () => {
    server.handle(stall);
    const { client, logs } = makeClient(server.url);
    const uploader = new SandboxUploader(client, { timeoutMs: 100 });
    const error = await appErrorOf(uploader.upload(image({ name: 'a.png' })));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('The upload of a.png did not reach the sandbox. Try again.');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers['x-api-key']).toBe('test-api-key-0000');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^POST \/sandbox\/uploads → timeout in \d+ ms, not retried/);
  });
});
