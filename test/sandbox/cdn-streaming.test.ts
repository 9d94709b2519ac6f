// CDN bodies stream from disk: a client that goes away mid-body leaves no open file behind, the cut fault
// delivers exactly the bytes it names before the connection goes, HEAD opens nothing, and closing the
// sandbox ends a (throttled) download under way instead of waiting for it.
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { get } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { finishedOutput, seedWithOutputBytes, signedUrl } from '../fixtures/sandbox-outputs';

const SIZE = 8_000_000;
const hasProcFds = existsSync('/proc/self/fd');

let sandbox: RunningSandbox;
let url: string;

/** This process's open descriptors on the sandbox's stored files (the sandbox runs in-process). */
function openStoredFiles(): number {
  const folder = sandbox.inspect.filesFolder();
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(folder)) count += 1;
    } catch {
      // Closed between the listing and the read.
    }
  }
  return count;
}

/** Starts a download, waits for its first bytes, then lets the caller act while it is mid-body. */
async function midBody(link: string): Promise<{ abort: () => void; rest: Promise<unknown> }> {
  const controller = new AbortController();
  const response = await fetch(link, { signal: controller.signal });
  const reader = response.body!.getReader();
  await reader.read();
  const rest = (async () => {
    for (;;) if ((await reader.read()).done) return;
  })();
  rest.catch(() => undefined);
  return { abort: () => controller.abort(), rest };
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: seedWithOutputBytes(SIZE) });
  url = await signedUrl(sandbox, await finishedOutput(sandbox));
});
afterEach(() => sandbox.faults.reset());
afterAll(() => sandbox.close());

describe('CDN bodies streamed from disk', () => {
  it.skipIf(!hasProcFds)('closes the file when the client goes away mid-body, every time', async () => {
    // Throttled, so each body is surely still under way when its client leaves.
    sandbox.faults.set({ cdnBytesPerSecond: 2_000_000 });
    for (let round = 0; round < 10; round++) {
      const download = await midBody(url);
      expect(openStoredFiles()).toBe(1);
      download.abort();
      await vi.waitFor(() => expect(openStoredFiles()).toBe(0), { timeout: 5000, interval: 10 });
    }
  });

  it.skipIf(!hasProcFds)('answers HEAD without opening the file', async () => {
    const response = await fetch(url, { method: 'HEAD' });
    expect(response.headers.get('content-length')).toBe(String(SIZE));
    expect(openStoredFiles()).toBe(0);
  });

  it('delivers exactly the bytes of the cut fault, then closes the connection', async () => {
    const cutAfter = 3_333_333;
    sandbox.faults.set({ cdnCutAfterBytes: cutAfter });
    const received = await new Promise<{ bytes: number; complete: boolean }>((resolve, reject) => {
      get(url, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('close', () => resolve({ bytes, complete: response.complete }));
      }).on('error', reject);
    });
    expect(received).toEqual({ bytes: cutAfter, complete: false });
  });

  it('ends a download under way when the sandbox closes', async () => {
    const own = await startSandbox({ seed: seedWithOutputBytes(SIZE) });
    const link = await signedUrl(own, await finishedOutput(own));
    // 100 kB/s: the whole body would take 80 s, far past the test's timeout.
    own.faults.set({ cdnBytesPerSecond: 100_000 });
    const download = await midBody(link);
    await own.close();
    await expect(download.rest).rejects.toThrow();
  });
});
