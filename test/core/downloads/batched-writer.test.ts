// The downloader's writer on a real file: a fast body goes out in 1 MiB writes (its chunks as they came, not
// copied), a slow one at least every 100 ms (and what came before a stall without waiting for more), a
// full batch waits for the disk (memory stays flat), the file is
// synced in the background every 16 MiB while writes go on, and a failed background sync is thrown at
// finish() in place of being lost.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { BatchedWriter } from '../../../electron/core/downloads/batched-writer';
import { nodeDownloadFs, type DownloadFile } from '../../../electron/core/downloads/download-fs';
import { FakeTime } from '../../fixtures/fake-time';

const MiB = 1024 * 1024;
let folder: string;
let path: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'jrs-writer-'));
  path = join(folder, 'out.part');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

/** A real file whose writes wait until the test lets them go, recording what each write and sync got. */
async function heldFile(options: { failSync?: boolean } = {}) {
  const real = await nodeDownloadFs.openPart(path);
  const writes: number[][] = [];
  let syncs = 0;
  let release: (() => void) | null = null;
  let hold = false;
  const file: Pick<DownloadFile, 'write' | 'sync' | 'close'> = {
    async write(chunks) {
      writes.push(chunks.map((chunk) => chunk.byteLength));
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      await real.write(chunks);
    },
    async sync() {
      syncs += 1;
      if (options.failSync) throw Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' });
      await real.sync();
    },
    close: () => real.close(),
  };
  return {
    file,
    writes,
    syncs: () => syncs,
    hold: (on: boolean) => (hold = on),
    release: () => {
      const go = release;
      release = null;
      go?.();
    },
  };
}

const chunk = (byte: number, size = 64 * 1024) => new Uint8Array(size).fill(byte);

it('writes a fast body in batches of 1 MiB, the chunks as they came (uncopied, in order)', async () => {
  const held = await heldFile();
  const time = new FakeTime();
  let written = 0;
  const writer = new BatchedWriter(held.file, (bytes) => (written += bytes), time);
  for (let i = 0; i < 20; i++) await writer.add(chunk(i));
  // 16 chunks of 64 KiB made the first MiB; the other four wait for more (or the end).
  expect(held.writes).toEqual([Array(16).fill(65536)]);
  await writer.finish();
  await held.file.close();
  expect(held.writes).toEqual([Array(16).fill(65536), Array(4).fill(65536)]);
  expect(written).toBe(20 * 65536);
  const bytes = await readFile(path);
  expect([bytes[0], bytes[65536], bytes[19 * 65536], bytes.byteLength]).toEqual([0, 1, 19, 20 * 65536]);
});

it('writes a slow body at least every 100 ms, and what came before a stall without waiting for more', async () => {
  const held = await heldFile();
  const time = new FakeTime();
  let written = 0;
  const writer = new BatchedWriter(held.file, (bytes) => (written += bytes), time);
  await writer.add(chunk(1, 1000));
  await time.advance(60);
  await writer.add(chunk(2, 1000));
  expect(held.writes).toEqual([]);
  // The first chunk has waited 100 ms: what came by then goes out together.
  await time.advance(40);
  await vi.waitFor(() => expect(written).toBe(2000));
  expect(held.writes).toEqual([[1000, 1000]]);
  await writer.add(chunk(3, 1000));
  await time.advance(50);
  await writer.add(chunk(4, 1000));
  // Then the link stalls: what came is written once the first of it has waited 100 ms, and shows.
  await time.advance(49);
  expect(held.writes).toHaveLength(1);
  await time.advance(1);
  await vi.waitFor(() => expect(written).toBe(4000));
  expect(held.writes).toEqual([
    [1000, 1000],
    [1000, 1000],
  ]);
  await writer.finish();
  await held.file.close();
  expect((await readFile(path)).byteLength).toBe(4000);
});

it('makes a full batch wait for the write before it, so that at most two batches are held', async () => {
  const held = await heldFile();
  const writer = new BatchedWriter(held.file, () => undefined, new FakeTime());
  held.hold(true);
  for (let i = 0; i < 16; i++) await writer.add(chunk(1));
  expect(held.writes).toHaveLength(1);
  let addsDone = 0;
  const adds: Promise<void>[] = [];
  for (let i = 0; i < 16; i++) adds.push(writer.add(chunk(2)).then(() => void (addsDone += 1)));
  await new Promise((resolve) => setImmediate(resolve));
  // The second MiB is full: its last add waits for the disk, and nothing more is taken meanwhile.
  expect(addsDone).toBe(15);
  held.hold(false);
  held.release();
  await Promise.all(adds);
  await writer.finish();
  await held.file.close();
  expect(held.writes.map((sizes) => sizes.length)).toEqual([16, 16]);
  expect((await readFile(path)).byteLength).toBe(32 * 65536);
});

it('syncs in the background every 16 MiB while the writes go on, and finish() waits for it', async () => {
  const held = await heldFile();
  const writer = new BatchedWriter(held.file, () => undefined);
  for (let i = 0; i < 15; i++) await writer.add(chunk(i, MiB));
  await writer.finish();
  expect(held.syncs()).toBe(0);
  await writer.add(chunk(15, MiB));
  await writer.add(chunk(16, MiB));
  await writer.finish();
  expect(held.syncs()).toBe(1);
  await held.file.close();
  expect((await readFile(path)).byteLength).toBe(17 * MiB);
});

it('throws a failed background sync at finish(), not as an unhandled rejection', async () => {
  const held = await heldFile({ failSync: true });
  const writer = new BatchedWriter(held.file, () => undefined);
  for (let i = 0; i < 17; i++) await writer.add(chunk(i, MiB));
  await expect(writer.finish()).rejects.toMatchObject({ code: 'ENOSPC' });
  await held.file.close();
});
