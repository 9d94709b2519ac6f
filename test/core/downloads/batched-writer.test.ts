// The downloader's writer on a real file: chunks that come while the disk is busy go out together in the
// next write (as they are, not copied), a full batch waits for the disk (memory stays flat), the file is
// synced in the background every 4 MiB while writes go on, and a failed background sync is thrown at
// finish() in place of being lost.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BatchedWriter } from '../../../electron/core/downloads/batched-writer';
import { nodeDownloadFs, type DownloadFile } from '../../../electron/core/downloads/download-fs';

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

it('gathers the chunks that come during a write into the next one, uncopied, in order', async () => {
  const held = await heldFile();
  let written = 0;
  const writer = new BatchedWriter(held.file, (bytes) => (written += bytes));
  held.hold(true);
  await writer.add(chunk(1));
  await writer.add(chunk(2));
  await writer.add(chunk(3));
  held.hold(false);
  held.release();
  await writer.finish();
  await held.file.close();
  expect(held.writes).toEqual([[65536], [65536, 65536]]);
  expect(written).toBe(3 * 65536);
  const bytes = await readFile(path);
  expect([bytes[0], bytes[65536], bytes[131072], bytes.byteLength]).toEqual([1, 2, 3, 3 * 65536]);
});

it('makes a full batch wait for the write before it, so that at most two batches are held', async () => {
  const held = await heldFile();
  const writer = new BatchedWriter(held.file, () => undefined);
  held.hold(true);
  await writer.add(chunk(1));
  let addsDone = 0;
  const adds: Promise<void>[] = [];
  for (let i = 0; i < 16; i++) adds.push(writer.add(chunk(2)).then(() => void (addsDone += 1)));
  await new Promise((resolve) => setImmediate(resolve));
  // The 16th chunk made a full MiB: its add waits for the disk, and nothing more is taken meanwhile.
  expect(addsDone).toBe(15);
  held.hold(false);
  held.release();
  await Promise.all(adds);
  await writer.finish();
  await held.file.close();
  expect((await readFile(path)).byteLength).toBe(17 * 65536);
});

it('syncs in the background every 4 MiB while the writes go on, and finish() waits for it', async () => {
  const held = await heldFile();
  const writer = new BatchedWriter(held.file, () => undefined);
  for (let i = 0; i < 3; i++) await writer.add(chunk(i, MiB));
  await writer.finish();
  expect(held.syncs()).toBe(0);
  await writer.add(chunk(3, MiB));
  await writer.add(chunk(4, MiB));
  await writer.finish();
  expect(held.syncs()).toBe(1);
  await held.file.close();
  expect((await readFile(path)).byteLength).toBe(5 * MiB);
});

it('throws a failed background sync at finish(), not as an unhandled rejection', async () => {
  const held = await heldFile({ failSync: true });
  const writer = new BatchedWriter(held.file, () => undefined);
  for (let i = 0; i < 17; i++) await writer.add(chunk(i, MiB));
  await expect(writer.finish()).rejects.toMatchObject({ code: 'ENOSPC' });
  await held.file.close();
});
