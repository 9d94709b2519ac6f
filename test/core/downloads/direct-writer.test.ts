// The large-file writer on a real file in the system's temporary folder: whole 2 MiB buffers at aligned
// positions and the odd tail appended, one write at a time in order (never a hole), a full queue of four
// buffers waits, a disk that refuses direct writes or writes short gets the rest appended byte-identical,
// a file with no direct side is appended and synced every 16 MiB, a disk full is thrown at the next chunk
// with nothing written after it, a slow body's aligned bytes show after 100 ms, a resumed file is synced
// before its first direct write; the direct side is the open file itself; and the downloader writes a
// large file so, and resumes one so. These need a local disk that takes direct writes (Linux, ext4 here
// and in CI): where the temporary folder is not one (tmpfs, macOS, Windows), they are skipped, saying so.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdtemp, open, readFile, rename, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BodyWriter } from '../../../electron/core/downloads/body-writer';
import { directWriterFor, DIRECT_FROM_BYTES } from '../../../electron/core/downloads/direct-writer';
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

/** Whether the temporary folder is on ext4, XFS or Btrfs and takes an O_DIRECT open (asked of node, not the app). */
async function directWritesHere(): Promise<boolean> {
  const direct = (constants as { O_DIRECT?: number }).O_DIRECT;
  const disk = await statfs(tmpdir()).catch(() => null);
  if (direct === undefined || !disk || ![0xef53, 0x58465342, 0x9123683e].includes(disk.type)) return false;
  const probe = join(tmpdir(), `jrs-direct-probe-${process.pid}`);
  try {
    await (await open(probe, constants.O_WRONLY | constants.O_CREAT | direct, 0o600)).close();
    return true;
  } catch {
    return false;
  } finally {
    await rm(probe, { force: true });
  }
}

const here = await directWritesHere();
if (!here) console.warn(`direct-writer tests skipped: ${tmpdir()} takes no direct writes`);

let folder: string;
let path: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'jrs-direct-'));
  path = join(folder, 'out.part');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

/**
 * The real file and its real direct side, each direct write, append and sync recorded in order; `change`
 * may refuse, shorten or hold a direct write; `noDirect` makes the file one without a direct side.
 */
async function recordedFile(
  change: (
    index: number,
    bytes: Uint8Array,
    position: number,
  ) => Promise<number | null> | number | null = () => null,
  noDirect = false,
) {
  const file = await nodeDownloadFs.openPart(path);
  const real = await file.openDirect!();
  if (!real) throw new Error(`${folder} takes no direct writes`);
  const direct: Array<{ length: number; position: number }> = [];
  const appended: number[] = [];
  const events: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const twin: DirectFile = {
    async write(bytes, position) {
      const index = direct.length;
      direct.push({ length: bytes.byteLength, position });
      events.push('direct');
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
  const ordinary: Pick<DownloadFile, 'write' | 'sync' | 'openDirect'> = {
    async write(chunks) {
      appended.push(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
      events.push('append');
      await file.write(chunks);
    },
    async sync() {
      events.push('sync');
      await file.sync();
    },
    openDirect: async () => (noDirect ? null : twin),
  };
  const writer = (start: number, onWritten: (bytes: number) => void = () => undefined, time?: FakeTime) => {
    const made = directWriterFor(ordinary, start, onWritten, time);
    if (!made) throw new Error('no direct writer');
    return made;
  };
  return { file, real, writer, direct, appended, events, mostInFlight: () => mostInFlight };
}

/** Hands a body to the writer in chunks of odd sizes, as a socket does. */
async function feed(writer: BodyWriter, body: Uint8Array, size = 70_001): Promise<void> {
  for (let at = 0; at < body.byteLength; at += size) await writer.add(body.subarray(at, at + size));
}

const failing = (code: string) => Object.assign(new Error(`${code}: from the test`), { code });

describe.runIf(here)('the direct writer', () => {
  it('writes whole 2 MiB buffers at aligned positions, the aligned rest at the end, and the odd tail appended', async () => {
    const body = randomBytes(5 * MiB + 123);
    const recorded = await recordedFile();
    let written = 0;
    const writer = recorded.writer(0, (bytes) => (written += bytes));
    await feed(writer, body);
    await writer.finish();
    await recorded.file.close();
    expect(recorded.direct).toEqual([
      { length: 2 * MiB, position: 0 },
      { length: 2 * MiB, position: 2 * MiB },
      { length: MiB, position: 4 * MiB },
    ]);
    expect(recorded.appended).toEqual([123]);
    expect(recorded.events).not.toContain('sync');
    expect(written).toBe(body.byteLength);
    expect((await readFile(path)).equals(body)).toBe(true);
  });

  it('issues one write at a time, in order, and a fifth full buffer waits for the first', async () => {
    const gates: Array<() => void> = [];
    let holding = true;
    const recorded = await recordedFile(async () => {
      if (holding) await new Promise<void>((resolve) => gates.push(resolve));
      return null;
    });
    const writer = recorded.writer(0);
    const body = randomBytes(9 * MiB);
    // Four buffers fill and are queued behind the first write, which the disk holds.
    await feed(writer, body.subarray(0, 8 * MiB - 1), MiB);
    let fifthTaken = false;
    const fifth = writer.add(body.subarray(8 * MiB - 1)).then(() => (fifthTaken = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(recorded.direct).toHaveLength(1);
    expect(fifthTaken).toBe(false);
    // Let go, each write goes out only once the one before it is done: in order, never two at once.
    holding = false;
    gates.splice(0).forEach((release) => release());
    await fifth;
    await writer.finish();
    await recorded.file.close();
    expect(recorded.mostInFlight()).toBe(1);
    expect(recorded.direct.map((write) => write.position)).toEqual([0, 2, 4, 6, 8].map((n) => n * MiB));
    expect((await readFile(path)).equals(body)).toBe(true);
  });

  it('appends the rest byte-identical once the disk refuses a direct write (EINVAL)', async () => {
    const recorded = await recordedFile((index) => {
      if (index === 1) throw failing('EINVAL');
      return null;
    });
    const body = randomBytes(7 * MiB + 5);
    const writer = recorded.writer(0);
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
    real = recorded.real;
    const body = randomBytes(5 * MiB + 77);
    const writer = recorded.writer(0);
    await feed(writer, body);
    await writer.finish();
    await recorded.file.close();
    expect(recorded.direct).toHaveLength(2);
    expect(recorded.appended).toEqual([MiB, MiB, 77]);
    expect((await readFile(path)).equals(body)).toBe(true);
  });

  it('appends a file whose direct side cannot be opened, synced every 16 MiB', async () => {
    const recorded = await recordedFile(undefined, true);
    const body = randomBytes(40 * MiB + 9);
    const writer = recorded.writer(0);
    await feed(writer, body, MiB);
    await writer.finish();
    await recorded.file.close();
    expect(recorded.direct).toEqual([]);
    expect(recorded.events.filter((event) => event === 'sync')).toHaveLength(2);
    expect(recorded.appended.reduce((sum, bytes) => sum + bytes, 0)).toBe(body.byteLength);
    expect((await readFile(path)).equals(body)).toBe(true);
  });

  it('leaves the file to the batched writer when there is no memory for the buffers', async () => {
    const recorded = await recordedFile();
    const memory = vi.spyOn(WebAssembly, 'Memory').mockImplementation(() => {
      throw new RangeError('WebAssembly.Memory(): could not allocate memory');
    });
    try {
      expect(directWriterFor({ ...recorded.file }, 0, () => undefined)).toBeNull();
    } finally {
      memory.mockRestore();
    }
    await recorded.file.close();
  });

  it('throws a disk full at the next chunk, and writes nothing after the write that failed', async () => {
    const recorded = await recordedFile((index) => {
      if (index === 1) throw failing('ENOSPC');
      return null;
    });
    const writer = recorded.writer(0);
    const body = randomBytes(12 * MiB);
    await expect(feed(writer, body, MiB)).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(writer.finish()).rejects.toMatchObject({ code: 'ENOSPC' });
    await recorded.file.close();
    expect(recorded.direct).toHaveLength(2);
    expect(recorded.appended).toEqual([]);
    // The first buffer is on disk and nothing else: a resume starts after it.
    expect((await readFile(path)).equals(body.subarray(0, 2 * MiB))).toBe(true);
  });

  it('says a slow link’s failed write at the next chunk, not a buffer or four later', async () => {
    const recorded = await recordedFile(() => {
      throw failing('EIO');
    });
    const time = new FakeTime();
    const writer = recorded.writer(0, () => undefined, time);
    await writer.add(randomBytes(10_000));
    await time.advance(100);
    await vi.waitFor(() => expect(recorded.direct).toHaveLength(1));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(writer.add(randomBytes(1000))).rejects.toMatchObject({ code: 'EIO' });
    await recorded.file.close();
  });

  it('writes a slow body’s aligned bytes once they have waited 100 ms; the odd rest waits for more or the end', async () => {
    const recorded = await recordedFile();
    const time = new FakeTime();
    let written = 0;
    const writer = recorded.writer(0, (bytes) => (written += bytes), time);
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

  it('goes on from the aligned size a resumed file has, synced before the first direct write', async () => {
    const kept = randomBytes(8192);
    await writeFile(path, kept, { mode: 0o600 });
    const recorded = await recordedFile();
    const body = randomBytes(3 * MiB + 1);
    const writer = recorded.writer(kept.byteLength);
    await feed(writer, body);
    await writer.finish();
    await recorded.file.close();
    expect(recorded.events).toEqual(['sync', 'direct', 'direct', 'append']);
    expect(recorded.direct.map((write) => write.position)).toEqual([8192, 8192 + 2 * MiB]);
    expect((await readFile(path)).equals(Buffer.concat([kept, body]))).toBe(true);
  });

  it('writes to the open file itself, not to whatever is at its name now', async () => {
    const file = await nodeDownloadFs.openPart(path);
    await rename(path, join(folder, 'moved.part'));
    await writeFile(path, 'planted', { mode: 0o600 });
    const direct = await file.openDirect!();
    const bytes = new Uint8Array(new WebAssembly.Memory({ initial: 1 }).buffer, 0, 4096).fill(7);
    expect(await direct!.write(bytes, 0)).toBe(4096);
    await file.close();
    expect(await readFile(path, 'utf8')).toBe('planted');
    expect((await readFile(join(folder, 'moved.part'))).equals(Buffer.from(bytes))).toBe(true);
  });

  it('opens no direct side on a disk that is not a local one it knows (tmpfs here)', async (context) => {
    const shm = await statfs('/dev/shm').catch(() => null);
    if (shm?.type !== 0x01021994) return context.skip();
    const memoryFolder = await mkdtemp('/dev/shm/jrs-direct-');
    try {
      const file = await nodeDownloadFs.openPart(join(memoryFolder, 'out.part'));
      expect(await file.openDirect!()).toBeNull();
      await file.close();
    } finally {
      await rm(memoryFolder, { recursive: true, force: true });
    }
  });

  it('downloads a large file through direct writes, and resumes a cut one through them too', async () => {
    // Over half a GiB: random bytes repeated every 1,000,003 (a prime: a slip by a block or buffer shows).
    const block = randomBytes(1_000_003);
    const content = Buffer.alloc(DIRECT_FROM_BYTES + 6 * MiB + 321);
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
              if (!twin) return null;
              return {
                write: async (bytes, at) => {
                  const done = await twin.write(bytes, at);
                  directBytes += done;
                  return done;
                },
              };
            },
          };
        },
      };
      const target = join(folder, 'Spring Launch', 'film.mp4');
      let meta: DownloadMeta | undefined;
      const run = () =>
        downloadFile({
          sign: async () => server.sign(),
          accountUrl: server.url,
          root: folder,
          target,
          fs,
          resume: meta,
          onMeta: (next) => (meta = next),
        });
      expect((await run()).bytes).toBe(content.byteLength);
      expect((await readFile(target)).equals(content)).toBe(true);
      // All but the odd tail went past the page cache.
      expect(directBytes).toBe(content.byteLength - 321);

      // Cut after 4 MiB: those are kept, and the resume asks for the rest and writes it direct.
      await rm(target);
      meta = undefined;
      directBytes = 0;
      server.set({ cutAfter: 4 * MiB, cuts: 1 });
      await expect(run()).rejects.toBeInstanceOf(DownloadError);
      expect((await readFile(`${target}.part`)).equals(content.subarray(0, 4 * MiB))).toBe(true);
      expect(directBytes).toBe(4 * MiB);
      directBytes = 0;
      await run();
      expect(server.requests.at(-1)?.headers.range).toBe(`bytes=${4 * MiB}-`);
      expect(directBytes).toBe(content.byteLength - 4 * MiB - 321);
      expect((await readFile(target)).equals(content)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
