// The downloader against a real HTTP server on loopback (test/fixtures/file-server.ts): every interrupted
// download ends byte-identical to the server's file, fetching little more than once; an expired link is
// signed again; a server that ignores Range, or a file that changed, starts over; a file already there is
// never overwritten; a full or read-only disk is said in words and the partial file kept for the resume;
// nothing is written through a link out of the folder; no API key is ever sent.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeDownloadFs, type DownloadFs } from '../../../electron/core/downloads/download-fs';
import {
  DownloadError,
  downloadFile,
  type DownloadMeta,
} from '../../../electron/core/downloads/download-file';
import { startFileServer, type FileServer } from '../../fixtures/file-server';

const SIZE = 3 * 1024 * 1024 + 123;
let content: Buffer;
let server: FileServer;
let root: string;

beforeEach(async () => {
  content = randomBytes(SIZE);
  server = await startFileServer(content);
  root = await mkdtemp(join(tmpdir(), 'jrs-dl-'));
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

function request(target = join(root, 'Spring Launch', 'render.mp4'), fs: DownloadFs = nodeDownloadFs) {
  let meta: DownloadMeta | undefined;
  let url: string | undefined;
  const run = () =>
    downloadFile({
      sign: async () => server.sign(),
      accountUrl: server.url,
      url,
      onUrl: (next) => (url = next),
      root,
      target,
      resume: meta,
      fs,
      onMeta: (next) => (meta = next),
    });
  return { run, target };
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

describe('downloadFile', () => {
  it('writes the file complete, through a .part that is gone after, and sends no key', async () => {
    const { run, target } = request();
    const result = await run();
    expect(result).toMatchObject({ path: target, bytes: SIZE, fetched: SIZE, alreadyThere: false });
    expect((await readFile(target)).equals(content)).toBe(true);
    expect(await readdir(join(root, 'Spring Launch'))).toEqual(['render.mp4']);
    for (const { headers } of server.requests) {
      expect(Object.keys(headers)).not.toContain('x-api-key');
      expect(Object.keys(headers)).not.toContain('authorization');
      expect(Object.keys(headers)).not.toContain('cookie');
    }
  });

  it('says when the body’s last byte came, before the file is synced and named', async () => {
    const events: string[] = [];
    const fs: DownloadFs = {
      ...nodeDownloadFs,
      async openPart(path) {
        const file = await nodeDownloadFs.openPart(path);
        return { ...file, write: file.write, sync: async () => (events.push('sync'), file.sync()) };
      },
      place: async (from, to) => (events.push('place'), nodeDownloadFs.place(from, to)),
    };
    let fetched = 0;
    const target = join(root, 'render.mp4');
    await downloadFile({
      sign: async () => server.sign(),
      accountUrl: server.url,
      root,
      target,
      fs,
      onProgress: (bytes) => (fetched = bytes),
      onReceived: () => events.push(`received ${server.requests.length} request`),
    });
    // Receiving is over at the last byte: the sync and the naming after it are the disk's time, not the link's.
    expect(events.filter((event) => event !== 'sync').at(0)).toBe('received 1 request');
    expect(events.at(-1)).toBe('place');
    expect(events.lastIndexOf('sync')).toBeGreaterThan(events.indexOf('received 1 request'));
    expect(fetched).toBe(SIZE);
  });

  it('resumes a cut connection with Range and If-Range, fetching the file about once', async () => {
    server.set({ cutAfter: 1_000_000, cuts: 2 });
    const { run, target } = request();
    expect((await failure(run())).kind).toBe('network');
    // The next request asks for exactly what is not on disk yet, guarded by the ETag seen first.
    const kept = (await readFile(`${target}.part`)).byteLength;
    expect(kept).toBeGreaterThan(0);
    expect((await failure(run())).kind).toBe('network');
    const resumed = server.requests.filter((entry) => entry.status === 206);
    expect(resumed[0]?.headers.range).toBe(`bytes=${kept}-`);
    expect(resumed[0]?.headers['if-range']).toMatch(/^"v1-/);
    await run();
    expect((await readFile(target)).equals(content)).toBe(true);
    expect(server.requests.filter((entry) => entry.status === 206)).toHaveLength(2);
    expect(server.bytesSent / SIZE).toBeLessThanOrEqual(1.05);
  });

  it('signs the link again when it has expired, and goes on', async () => {
    server.set({ linkUses: 1, cutAfter: 500_000, cuts: 1 });
    const { run, target } = request();
    await failure(run());
    await run();
    expect((await readFile(target)).equals(content)).toBe(true);
    expect(server.requests.map((entry) => entry.status)).toEqual([200, 403, 206]);
    expect(server.signed).toBe(2);
  });

  it('starts over when the server ignores Range', async () => {
    server.set({ ignoreRange: true, cutAfter: 700_000, cuts: 1 });
    const { run, target } = request();
    await failure(run());
    const result = await run();
    expect((await readFile(target)).equals(content)).toBe(true);
    expect(result.fetched).toBe(SIZE);
  });

  it('starts over when the file changed (its ETag no longer matches)', async () => {
    server.set({ cutAfter: 700_000, cuts: 1 });
    const { run, target } = request();
    await failure(run());
    const changed = randomBytes(SIZE - 1000);
    server.setFile(changed);
    await run();
    expect((await readFile(target)).equals(changed)).toBe(true);
    expect(server.requests.at(-1)).toMatchObject({ status: 200 });
  });

  it('checks the content against a stated MD5, and refuses a file that does not match', async () => {
    server.set({ contentMd5: 'right' });
    const { run, target } = request();
    await run();
    expect((await readFile(target)).equals(content)).toBe(true);

    server.set({ contentMd5: 'wrong' });
    const other = request(join(root, 'other.mp4'));
    expect((await failure(other.run())).kind).toBe('changed');
    expect(await readdir(root)).not.toContain('other.mp4');
  });

  it('never overwrites: the same file is recognised, another gets a number', async () => {
    const target = join(root, 'render.mp4');
    await writeFile(target, content);
    expect(await request(target).run()).toMatchObject({ path: target, alreadyThere: true });
    await writeFile(target, 'another file');
    const result = await request(target).run();
    expect(result.path).toBe(join(root, 'render (2).mp4'));
    expect(await readFile(target, 'utf8')).toBe('another file');
    expect((await readFile(result.path)).equals(content)).toBe(true);
  });

  it.each([
    ['ENOSPC', /The disk holding .* is full\. Free some space, then resume the download\./],
    ['EACCES', /The app cannot write to .* \(it is read-only, or not yours\)/],
    ['EROFS', /The app cannot write to .* \(it is read-only, or not yours\)/],
    ['ENOENT', /is no longer there \(a disk unplugged, or the folder moved or deleted\)/],
  ])(
    '%s while writing: said in words, the partial file kept, and the resume completes it',
    async (code, words) => {
      let failOnce = true;
      let written = 0;
      const flaky: DownloadFs = {
        ...nodeDownloadFs,
        async openPart(path) {
          const file = await nodeDownloadFs.openPart(path);
          return {
            ...file,
            async write(chunks) {
              if (failOnce && written > 400_000) {
                failOnce = false;
                throw Object.assign(new Error(`${code}: failed`), { code });
              }
              written += chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
              await file.write(chunks);
            },
          };
        },
      };
      const { run, target } = request(join(root, 'render.mp4'), flaky);
      const error = await failure(run());
      expect(error.kind).toBe('disk');
      expect(error.message).toMatch(words);
      expect(error.message).toContain(root);
      expect(error.message).toContain('What was already downloaded is kept');
      const partSize = (await readFile(`${target}.part`)).byteLength;
      expect(partSize).toBeGreaterThan(400_000);
      await run();
      expect((await readFile(target)).equals(content)).toBe(true);
      expect(server.requests.at(-1)?.headers.range).toBe(`bytes=${partSize}-`);
    },
  );

  it('checks the free space first where the size is known, and resumes once there is room', async () => {
    let free = 1_000_000;
    const smallDisk: DownloadFs = { ...nodeDownloadFs, freeBytes: async () => free };
    const { run, target } = request(join(root, 'render.mp4'), smallDisk);
    const error = await failure(run());
    expect(error.kind).toBe('disk');
    expect(error.message).toBe(
      `The disk holding ${root} has 1 MB free, and this file needs 3.2 MB more. Free some space or choose another download folder, then resume. What was already downloaded is kept.`,
    );
    // Not a byte written (the empty .part is the one the download goes on in).
    expect(await readdir(root)).toEqual(['render.mp4.part']);
    expect((await readFile(`${target}.part`)).byteLength).toBe(0);
    free = 10 * SIZE;
    await run();
    expect((await readFile(target)).equals(content)).toBe(true);
  });

  it('refuses to write through a link that leads out of the folder', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'jrs-elsewhere-'));
    try {
      await symlink(elsewhere, join(root, 'Spring Launch'));
      const error = await failure(request().run());
      expect(error.kind).toBe('outside');
      expect(await readdir(elsewhere)).toEqual([]);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
