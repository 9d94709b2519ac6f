// The large-file writer on a real file in the system's temporary folder (ext4 here and in CI, which takes
// direct writes): whole 2 MiB buffers at aligned positions and the odd tail appended, one write at a time
// in order (never a hole), a queue of four buffers at most (memory stays flat), a disk that refuses direct
// writes or writes short gets the rest appended byte-identical, a disk full is thrown with nothing written
// after it, a slow body's aligned bytes show after 100 ms; and the downloader writes a large file so.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DirectWriter, DIRECT_FROM_BYTES } from '../../../electron/core/downloads/direct-writer';
import {
  nodeDownloadFs,
  type DirectFile,
  type DownloadFile,
  type DownloadFs,
} from '../../../electron/core/downloads/download-fs';
import {
  downloadFile,
  DownloadError,
  type DownloadMeta,
} from '../../../electron/core/downloads/download-file';
import { FakeTime } from '../../fixtures/fake-time';
import { startFileServer } from '../../fixtures/file-server';

const MiB = 1024 * 1024;
let folder: string;
let path: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'jrs-direct-'));
  path = join(folder, 'out.part');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

interface Recorded {
  length: number;
  position: number;
}

/** The real file and its real direct twin, each write recorded; `change` may refuse, shorten or hold one. */
async function recordedFile(
  change: (
    index: number,
    bytes: Uint8Array,
    position: number,
  ) => Promise<number | null> | number | null = () => null,
) {
  const file = await nodeDownloadFs.openPart(path);
  const real = await file.openDirect!();
  if (!real) throw new Error(`${folder} takes no direct writes: these tests need a disk that does`);
  const direct: Recorded[] = [];
  const appended: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const twin: DirectFile = {
    async write(bytes, position) {
      const index = direct.length;
      direct.push({ length: bytes.byteLength, position });
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        const changed = await change(index, bytes, position);
        return changed ?? (await real.write(bytes, position));
      } finally {
        inFlight -= 1;
      }
    },
  };
  const ordinary: Pick<DownloadFile, 'write'> = {
    async write(chunks) {
      appended.push(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
      await file.write(chunks);
    },
  };
  return { file, twin, ordinary, direct, appended, mostInFlight: () => mostInFlight };
}

/** Hands a body to the writer in chunks of odd sizes, as a socket does. */
async function feed(writer: DirectWriter, body: Uint8Array, size = 70_001): Promise<void> {
  for (let at = 0; at < body.byteLength; at += size) await writer.add(body.subarray(at, at + size));
}

it('writes whole 2 MiB buffers at aligned positions, the aligned rest at the end, and the odd tail appended', async () => {
  const body = randomBytes(5 * MiB + 123);
  const recorded = await recordedFile();
  let written = 0;
  const writer = new DirectWriter(recorded.twin, recorded.ordinary, 0, (bytes) => (written += bytes));
  await feed(writer, body);
  await writer.finish();
  await recorded.file.close();
  expect(recorded.direct).toEqual([
    { length: 2 * MiB, position: 0 },
    { length: 2 * MiB, position: 2 * MiB },
    { length: MiB, position: 4 * MiB },
  ]);
  expect(recorded.appended).toEqual([123]);
  expect(written).toBe(body.byteLength);
  expect((await readFile(path)).equals(body)).toBe(true);
});

it('issues one write at a time, in order, and holds four buffers at most (a full queue waits)', async () => {
  const gates: Array<() => void> = [];
  let holding = true;
  const recorded = await recordedFile(async () => {
    if (holding) await new Promise<void>((resolve) => gates.push(resolve));
    return null;
  });
  const writer = new DirectWriter(recorded.twin, recorded.ordinary, 0, () => undefined);
  const body = randomBytes(9 * MiB);
  // Four buffers fill and are queued behind the first write, which the disk holds.
  await feed(writer, body.subarray(0, 4 * MiB * 2 - 1), MiB);
  let fifthTaken = false;
  const fifth = writer.add(body.subarray(8 * MiB - 1, 9 * MiB)).then(() => (fifthTaken = true));
  await new Promise((resolve) => setImmediate(resolve));
  expect(recorded.direct).toHaveLength(1);
  expect(fifthTaken).toBe(false);
  // Let go, each write goes out only once the one before it is done: in order, never two at once.
  holding = false;
  gates.splice(0).forEach((release) => release());
  await fifth;
  await writer.finish();
  expect(fifthTaken).toBe(true);
  await recorded.file.close();
  expect(recorded.mostInFlight()).toBe(1);
  expect(recorded.direct.map((write) => write.position)).toEqual([0, 2, 4, 6, 8].map((n) => n * MiB));
  expect((await readFile(path)).equals(body)).toBe(true);
});

it('appends the rest byte-identical once the disk refuses a direct write (EINVAL)', async () => {
  const recorded = await recordedFile((index) => {
    if (index === 1) throw Object.assign(new Error('EINVAL: invalid argument, write'), { code: 'EINVAL' });
    return null;
  });
  const body = randomBytes(7 * MiB + 5);
  const writer = new DirectWriter(recorded.twin, recorded.ordinary, 0, () => undefined);
  await feed(writer, body);
  await writer.finish();
  await recorded.file.close();
  // The refused write and everything after it went through the ordinary handle, in order.
  expect(recorded.direct).toHaveLength(2);
  expect(recorded.appended).toEqual([2 * MiB, 2 * MiB, MiB, 5]);
  expect((await readFile(path)).equals(body)).toBe(true);
});

it('appends the rest of a short direct write, and everything after it', async () => {
  let real: DirectFile | null = null;
  const recorded = await recordedFile(async (index, bytes, position) => {
    if (index !== 1) return null;
    // Half of it reaches the disk (a multiple of the block size, as a short direct write is).
    return real!.write(bytes.subarray(0, MiB), position);
  });
  real = (await recorded.file.openDirect!())!;
  const body = randomBytes(5 * MiB + 77);
  const writer = new DirectWriter(recorded.twin, recorded.ordinary, 0, () => undefined);
  await feed(writer, body);
  await writer.finish();
  await recorded.file.close();
  expect(recorded.direct).toHaveLength(2);
  expect(recorded.appended).toEqual([MiB, MiB, 77]);
  expect((await readFile(path)).equals(body)).toBe(true);
});

it('throws a disk full, and writes nothing after the write that failed', async () => {
  const recorded = await recordedFile((index) => {
    if (index === 1) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    return null;
  });
  const writer = new DirectWriter(recorded.twin, recorded.ordinary, 0, () => undefined);
  const body = randomBytes(12 * MiB);
  await expect(feed(writer, body, MiB)).rejects.toMatchObject({ code: 'ENOSPC' });
  await expect(writer.finish()).rejects.toMatchObject({ code: 'ENOSPC' });
  await recorded.file.close();
  expect(recorded.direct).toHaveLength(2);
  expect(recorded.appended).toEqual([]);
  // The first buffer is on disk and nothing else: a resume starts after it.
  expect((await readFile(path)).equals(body.subarray(0, 2 * MiB))).toBe(true);
});

it('writes a slow body’s aligned bytes once they have waited 100 ms; the odd rest waits for more or the end', async () => {
  const recorded = await recordedFile();
  const time = new FakeTime();
  let written = 0;
  const writer = new DirectWriter(recorded.twin, recorded.ordinary, 0, (bytes) => (written += bytes), time);
  const body = randomBytes(15_000);
  await writer.add(body.subarray(0, 10_000));
  await time.advance(99);
  expect(recorded.direct).toEqual([]);
  await time.advance(1);
  await vi.waitFor(() => expect(written).toBe(8192));
  expect(recorded.direct).toEqual([{ length: 8192, position: 0 }]);
  await writer.add(body.subarray(10_000));
  await writer.finish();
  await recorded.file.close();
  expect(recorded.direct).toEqual([
    { length: 8192, position: 0 },
    { length: 4096, position: 8192 },
  ]);
  expect(recorded.appended).toEqual([15_000 - 12_288]);
  expect(written).toBe(15_000);
  expect((await readFile(path)).equals(body)).toBe(true);
});

it('goes on from the aligned size a resumed file has', async () => {
  const kept = randomBytes(8192);
  await writeFile(path, kept, { mode: 0o600 });
  const recorded = await recordedFile();
  const body = randomBytes(3 * MiB + 1);
  const writer = new DirectWriter(recorded.twin, recorded.ordinary, kept.byteLength, () => undefined);
  await feed(writer, body);
  await writer.finish();
  await recorded.file.close();
  expect(recorded.direct.map((write) => write.position)).toEqual([8192, 8192 + 2 * MiB]);
  expect((await readFile(path)).equals(Buffer.concat([kept, body]))).toBe(true);
});

it('opens no direct twin when the name no longer leads to the open file', async () => {
  const file = await nodeDownloadFs.openPart(path);
  await rename(path, join(folder, 'moved.part'));
  await writeFile(path, 'planted', { mode: 0o600 });
  expect(await file.openDirect!()).toBeNull();
  await file.close();
  expect(await readFile(path, 'utf8')).toBe('planted');
});

it('downloads a large file through direct writes, and resumes a cut one byte-identical', async () => {
  // Half a GiB: random bytes repeated every 1,000,003 (a prime, so no slip by a block or a buffer hides).
  const block = randomBytes(1_000_003);
  const content = Buffer.alloc(DIRECT_FROM_BYTES + 2 * MiB + 321);
  for (let at = 0; at < content.byteLength; at += block.byteLength) block.copy(content, at);
  const server = await startFileServer(content);
  try {
    let directBytes = 0;
    const fs: DownloadFs = {
      ...nodeDownloadFs,
      async openPart(part) {
        const file = await nodeDownloadFs.openPart(part);
        return {
          ...file,
          openedSize: file.openedSize,
          identity: file.identity,
          async openDirect() {
            const twin = await file.openDirect!();
            return (
              twin && {
                write: async (bytes, at) => ((directBytes += await twin.write(bytes, at)), bytes.byteLength),
              }
            );
          },
        };
      },
    };
    const target = join(folder, 'Spring Launch', 'film.mp4');
    const run = () =>
      downloadFile({ sign: async () => server.sign(), accountUrl: server.url, root: folder, target, fs });
    const result = await run();
    expect(result.bytes).toBe(content.byteLength);
    expect((await readFile(target)).equals(content)).toBe(true);
    // All but the odd tail went past the page cache.
    expect(directBytes).toBe(content.byteLength - 321);

    // Cut after 3 MiB and a bit: what came is kept (its tail appended), and the resume makes it whole.
    await rm(target);
    directBytes = 0;
    server.set({ cutAfter: 3 * MiB + 1000, cuts: 1 });
    let meta: DownloadMeta | undefined;
    const cut = downloadFile({
      sign: async () => server.sign(),
      accountUrl: server.url,
      root: folder,
      target,
      fs,
      onMeta: (next) => (meta = next),
    });
    await expect(cut).rejects.toBeInstanceOf(DownloadError);
    expect((await readFile(`${target}.part`)).equals(content.subarray(0, 3 * MiB + 1000))).toBe(true);
    expect(directBytes).toBe(3 * MiB);
    await downloadFile({
      sign: async () => server.sign(),
      accountUrl: server.url,
      root: folder,
      target,
      fs,
      resume: meta,
    });
    expect((await readFile(target)).equals(content)).toBe(true);
  } finally {
    await server.close();
  }
});
