// The preview's rule for addresses and its size cut, on real URL parsing and real streamed Responses.
import { describe, expect, it } from 'vitest';
import { allowedPreviewUrl, readWithin } from '../../electron/core/assets/asset-preview';

const SANDBOX = 'http://127.0.0.1:4010';

describe('allowedPreviewUrl', () => {
  it('takes an address on the local account’s own origin', () => {
    expect(allowedPreviewUrl(`${SANDBOX}/cdn/uploads/a.png?sig=1`, SANDBOX).href).toBe(
      `${SANDBOX}/cdn/uploads/a.png?sig=1`,
    );
  });

  it.each([
    ['another port of this computer', 'http://127.0.0.1:4011/cdn/a.png', SANDBOX],
    ['another name of this computer', 'http://localhost:4010/cdn/a.png', SANDBOX],
    ['another loopback address', 'http://127.0.0.2:4010/cdn/a.png', SANDBOX],
    ['https on the same host', 'https://127.0.0.1:4010/cdn/a.png', SANDBOX],
    ['a user name in the address', 'http://me@127.0.0.1:4010/cdn/a.png', SANDBOX],
    ['the web', 'https://cdn.example.com/a.png', SANDBOX],
    ['an account on the web', 'https://api.example.com/a.png', 'https://api.example.com'],
    ['an account that is gone', `${SANDBOX}/cdn/a.png`, null],
    ['a file address', 'file:///etc/passwd', SANDBOX],
  ])('refuses %s', (_what, address, base) => {
    expect(() => allowedPreviewUrl(address, base)).toThrow(/shown by its address only/);
  });
});

/** A real streamed body without a declared length, counting what was pulled from it. */
function streamed(chunks: number, chunkBytes: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(chunkBytes));
    },
  });
  return { response: new Response(body), pulled: () => pulled };
}

describe('readWithin', () => {
  it('reads a body within the limit whole', async () => {
    const { response } = streamed(4, 1024);
    expect((await readWithin(response, 8 * 1024, 'image')).byteLength).toBe(4096);
  });

  it('stops reading a body without a length as soon as it passes the limit', async () => {
    const { response, pulled } = streamed(1000, 1024 * 1024);
    await expect(readWithin(response, 20 * 1024 * 1024, 'image')).rejects.toThrow(
      'the limit is 20 MB, so it is not previewed',
    );
    expect(pulled()).toBeLessThanOrEqual(23);
  });

  it('refuses a declared length over the limit unread', async () => {
    const { response, pulled } = streamed(1, 10);
    const declared = new Response(response.body, { headers: { 'content-length': String(51 * 1024 * 1024) } });
    await expect(readWithin(declared, 50 * 1024 * 1024, 'audio')).rejects.toThrow(
      '51.0 MB; the limit is 50 MB',
    );
    expect(pulled()).toBeLessThanOrEqual(1);
  });
});
