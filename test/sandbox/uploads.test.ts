// POST /sandbox/uploads: the sandbox account's asset storage (outside the spec's endpoints).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { safeFileName } from '../../electron/sandbox/routes/upload-routes';
import { call } from '../fixtures/sandbox-http';
import { KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed() });
});
afterAll(() => sandbox.close());

const upload = (options: { key?: string | null; type?: string; name?: string; body?: Buffer }) =>
  call(sandbox, 'POST', '/sandbox/uploads', {
    key: options.key === undefined ? KEY_A : options.key,
    rawBody: options.body ?? Buffer.from('fake png bytes'),
    headers: {
      'content-type': options.type ?? 'image/png',
      'x-file-name': encodeURIComponent(options.name ?? 'a.png'),
    },
  });

describe('sandbox uploads', () => {
  it('stores the file for the caller and answers a signed link that serves it', async () => {
    const response = await upload({ name: 'Product shot.png', body: Buffer.from('png-bytes-1') });
    expect(response.status).toBe(201);
    const { url, key } = response.body as { url: string; key: string };
    expect(key).toMatch(/^uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/Product_shot\.png$/);
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await served.text()).toBe('png-bytes-1');
  });

  it('keeps uploads private to the account', async () => {
    const { key } = (await upload({})).body as { key: string };
    const signed = await call(
      sandbox,
      'GET',
      `/storage/generate-signed-path?path=${encodeURIComponent(key)}`,
      {
        key: KEY_B,
      },
    );
    expect((await fetch((signed.body as { signedUrl: string }).signedUrl)).status).toBe(404);
  });

  it.each([
    ['no key', { key: null }, 401],
    ['a text file', { type: 'text/plain' }, 415],
    ['an empty body', { body: Buffer.alloc(0) }, 400],
    ['a body over the limit', { body: Buffer.alloc(61 * 1024 * 1024) }, 413],
  ])('refuses %s', async (_label, options, status) => {
    expect((await upload(options)).status).toBe(status);
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\win.ini', 'win.ini'],
    ['', 'upload'],
    ['...', 'upload'],
    ['a\u0000b<script>.png', 'a_b_script_.png'],
    ['x'.repeat(300) + '.png', 'x'.repeat(96) + '.png'],
  ])('makes the hostile name %j safe', (raw, safe) => {
    expect(safeFileName(raw)).toBe(safe);
  });
});
