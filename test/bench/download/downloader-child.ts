// Run by download.bench.ts in a child process of its own, so that its memory is the downloader's alone:
// downloads one sandbox output with the app's downloader (downloadFile, node's file system) and prints
// one JSON line: time, bytes written, bytes fetched over the wire, RSS before and at its peak, and the
// file's SHA-256. In the faults mode a broken connection is resumed at once, as the download queue does
// after progress (its waits left out). In the floor mode it only reads the body with node:http and drops
// it (no disk, no app code): the fastest this Node can take bytes off the socket, for comparison. With an
// origin given, each signed link is sent there instead (the bench's nginx, which serves the same paths).
import { rm } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import {
  DownloadError,
  downloadFile,
  type DownloadMeta,
} from '../../../electron/core/downloads/download-file';
import { nodeDownloadFs } from '../../../electron/core/downloads/download-fs';
import { fileSha256 } from './file-sha256';

const [baseUrl, apiKey, storagePath, folder, mode, warmUpPath, origin] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
  string | undefined,
];

/** fetch, counting the body bytes that arrive (only where the bytes fetched are measured). */
function countingFetch(count: (bytes: number) => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        count(chunk.byteLength);
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** Reads a body with node:http and drops every byte: what Node costs before any download work. */
function dropBody(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      response.on('data', () => undefined);
      response.once('end', resolve);
      response.once('error', reject);
    }).once('error', reject);
  });
}

async function main(): Promise<void> {
  const sign = async (path: string) => {
    const answer = await fetch(`${baseUrl}/storage/generate-signed-path?path=${encodeURIComponent(path)}`, {
      headers: { 'x-api-key': apiKey },
    });
    const { signedUrl } = (await answer.json()) as { signedUrl: string };
    if (!origin) return signedUrl;
    const parsed = new URL(signedUrl);
    return `${origin}${parsed.pathname}${parsed.search}`;
  };
  const target = join(folder, 'output.bin');
  const counting = mode === 'faults';
  let fetched = 0;
  let signs = 0;
  let attempts = 0;
  let meta: DownloadMeta | undefined;
  let url: string | undefined;
  // The app is warm when it downloads (its HTTP stack loaded, its code compiled by earlier downloads): so
  // is this process before its clock and its baseline, by one untimed download of another output. The
  // peak is sampled during the timed download only: the process's own maxRSS would count tsx compiling.
  if (!counting) {
    // (Not in the faults run: its CDN would cut the warm-up too, and it measures bytes, not time.)
    const warm = join(folder, 'warm-up.bin');
    await downloadFile({
      sign: async () => sign(warmUpPath),
      accountUrl: baseUrl,
      root: folder,
      target: warm,
      fs: nodeDownloadFs,
    });
    await rm(warm, { force: true });
  }
  url = await sign(storagePath);
  signs++;
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  // Every 20 ms: often enough for a flat RSS, and rarely enough not to weigh on the time measured.
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const started = performance.now();
  if (mode === 'floor') {
    await dropBody(url);
    const ms = performance.now() - started;
    clearInterval(sampler);
    process.stdout.write(`${JSON.stringify({ ms, fetched, attempts, signs, baseline, peak, sha256: '' })}\n`);
    return;
  }
  for (;;) {
    attempts++;
    try {
      await downloadFile({
        sign: async () => {
          signs++;
          return sign(storagePath);
        },
        url,
        onUrl: (next) => (url = next),
        accountUrl: baseUrl,
        root: folder,
        target,
        resume: meta,
        onMeta: (next) => (meta = next),
        fs: nodeDownloadFs,
        ...(counting ? { fetch: countingFetch((bytes) => (fetched += bytes)) } : {}),
      });
      break;
    } catch (error) {
      if (!counting || !(error instanceof DownloadError) || error.kind !== 'network') throw error;
    }
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const hash = await fileSha256(target);
  await rm(target, { force: true });
  process.stdout.write(`${JSON.stringify({ ms, fetched, attempts, signs, baseline, peak, sha256: hash })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
