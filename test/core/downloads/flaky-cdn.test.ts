// Issue 16 item 11. A CDN that always cuts the body short, sends an ETag and ignores Range: each try starts
// over and brings a little more than the last, which once counted as progress, so the file was retried at
// once, for ever. Now a try that had to throw away what was on disk is no progress: the tries are few, wait
// longer each time (fake time), and end with a sentence. And links are checked before they are requested:
// plain http to another computer, a redirect from a remote host to this computer, to the local network
// or to another scheme are refused in words, and nothing is requested there. Real servers on loopback.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/core/db/open-database';
import { DownloadError, downloadFile } from '../../../electron/core/downloads/download-file';
import { nodeDownloadFs } from '../../../electron/core/downloads/download-fs';
import { DownloadQueue } from '../../../electron/core/downloads/download-queue';
import { SqliteDownloads } from '../../../electron/core/db/sqlite/sqlite-downloads';
import { DownloadSettingsStore } from '../../../electron/core/downloads/download-settings';
import { FakeTime } from '../../fixtures/fake-time';
import { SqliteSettings } from '../../../electron/core/db/sqlite/sqlite-settings';
import { finishedJob } from '../../fixtures/finished-job';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function temp(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A real HTTP server on loopback; every connection is closed at the end. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((done) => server.close(() => done()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const job = (id: string) => finishedJob(id);

describe('a CDN that always cuts short and ignores Range', () => {
  it('is tried a bounded number of times, waiting longer each time, then said in words', async () => {
    const time = new FakeTime();
    const SIZE = 400_000;
    const body = randomBytes(SIZE);
    const requests: Array<{ at: number; range: string | undefined }> = [];
    // Whole file every time (Range ignored), cut a little further on each try, as a real one does.
    const cdn = await serve((req, res) => {
      requests.push({ at: time.now(), range: req.headers.range });
      res.writeHead(200, { etag: '"v1"', 'content-length': String(SIZE), 'accept-ranges': 'none' });
      res.write(body.subarray(0, 50_000 + requests.length * 1_000), () => req.socket.end());
    });

    const data = await temp('jrs-flaky-data-');
    const root = await temp('jrs-flaky-dl-');
    const { db } = openDatabase(join(data, 'history.sqlite'));
    cleanups.push(() => {
      db.close();
    });
    const repo = new SqliteDownloads(db);
    const lines: string[] = [];
    let heard: (() => void) | null = null;
    const queue = new DownloadQueue({
      repo,
      job: async (id) => job(id),
      settings: new DownloadSettingsStore(new SqliteSettings(db), root),
      sign: async () => `${cdn.url}/outputs/render.mp4?sig=${requests.length}`,
      accountUrl: () => cdn.url,
      fs: nodeDownloadFs,
      clock: time,
      timers: time,
      emit: () => undefined,
      log: (line) => {
        lines.push(line);
        heard?.();
      },
    });
    cleanups.push(() => queue.dispose());

    const outcome = () => new Promise<void>((resolve) => (heard = resolve));
    let next = outcome();
    await queue.start(['job-1']);
    for (let tries = 1; ; tries += 1) {
      await next;
      const row = await repo.get('job-1');
      if (row?.state === 'failed' || row?.state === 'done' || tries >= 30) break;
      next = outcome();
      // Waits (in fake time) until the queue's own retry is due, which starts the next try (one that
      // brought new bytes is already going again).
      if (row?.state === 'queued') await time.advanceTo(row.nextTryMs ?? time.now());
    }

    const row = await repo.get('job-1');
    expect(requests.length).toBeLessThanOrEqual(6);
    expect(row?.state).toBe('failed');
    expect(row?.error).toBe(
      'The server kept breaking off the download of Spring Launch - job-1.mp4 after 5 tries. Try again later.',
    );
    // Backoff: each wait longer than the one before.
    const waits = requests.slice(1).map((request, index) => request.at - (requests[index]?.at ?? 0));
    expect(waits.slice(1).every((wait, index) => wait > (waits[index] ?? 0))).toBe(true);
    expect(waits.at(-1)).toBeGreaterThanOrEqual(8_000);
  });
});

describe('links checked before they are requested', () => {
  async function setUp() {
    const root = await temp('jrs-links-');
    // A server of this computer (or of the local network) that no remote link may reach.
    const internal: string[] = [];
    const inside = await serve((req, res) => {
      internal.push(req.url ?? '');
      res.writeHead(200, { etag: '"secret"', 'content-length': '6' }).end('secret');
    });
    // The "remote CDN" of a remote account: it answers with a redirect chosen by the test.
    let location = '';
    const remote = await serve((_req, res) => {
      res.writeHead(302, { location }).end();
    });
    // cdn.example.com is reached at the remote server above (as DNS would), and nowhere else.
    const requested: string[] = [];
    const routed: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requested.push(url.href);
      if (url.host === 'cdn.example.com') {
        return fetch(new URL(`${url.pathname}${url.search}`, remote.url), init);
      }
      return fetch(url, init);
    };
    const run = (link: string, accountUrl = 'https://api.example.com') =>
      downloadFile({
        sign: async () => link,
        accountUrl,
        root,
        target: join(root, 'render.mp4'),
        fs: nodeDownloadFs,
        fetch: routed,
      });
    return { root, internal, inside, setLocation: (to: string) => (location = to), requested, run };
  }

  async function failure(promise: Promise<unknown>): Promise<DownloadError> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof DownloadError) return error;
      throw error;
    }
    throw new Error('expected the download to fail');
  }

  it('a plain http link to another computer is refused in words, and not requested', async () => {
    const { requested, run } = await setUp();
    const error = await failure(run('http://cdn.example.com/outputs/render.mp4?sig=1'));
    expect(error.kind).toBe('link');
    expect(error.message).toBe(
      'The file’s link uses plain http (cdn.example.com), which anyone on the way could read or change, so it was not followed. Files are downloaded over https only.',
    );
    expect(requested).toEqual([]);
  });

  it('a remote account’s link straight to this computer is refused', async () => {
    const { inside, internal, run } = await setUp();
    const error = await failure(run(`${inside.url}/secret`));
    expect(error.kind).toBe('link');
    expect(error.message).toContain('leads to this computer');
    expect(internal).toEqual([]);
  });

  it.each([
    ['this computer', (inside: string) => `${inside}/secret`, 'leads to this computer'],
    ['this computer, written as IPv6', () => 'http://[::ffff:127.0.0.1]:9/secret', 'leads to this computer'],
    ['the local network', () => 'https://10.0.0.5/secret', 'leads into the local network'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', 'leads into the local network'],
    ['another scheme', () => 'ftp://files.example.com/render.mp4', 'uses ftp, not https'],
    ['plain http elsewhere', () => 'http://other.example.com/render.mp4', 'uses plain http'],
  ])('a redirect from the remote CDN to %s is refused, and not followed', async (_name, to, words) => {
    const { inside, internal, setLocation, requested, run, root } = await setUp();
    setLocation(to(inside.url));
    const error = await failure(run('https://cdn.example.com/outputs/render.mp4?sig=1'));
    expect(error.kind).toBe('link');
    expect(error.message).toMatch(/^The file’s server redirected to an address that /);
    expect(error.message).toContain(words);
    expect(internal).toEqual([]);
    expect(requested).toEqual(['https://cdn.example.com/outputs/render.mp4?sig=1']);
    expect(await readdir(root)).toEqual(['render.mp4.part']);
  });

  it('the sandbox on this computer: its http links and redirects on this computer are followed', async () => {
    const { inside, internal, run, root } = await setUp();
    const hop = await serve((_req, res) => res.writeHead(307, { location: `${inside.url}/file` }).end());
    const result = await run(`${hop.url}/outputs/render.mp4`, 'http://127.0.0.1:8787');
    expect(result.bytes).toBe(6);
    expect(internal).toEqual(['/file']);
    expect(await readdir(root)).toEqual(['render.mp4']);
  });
});
