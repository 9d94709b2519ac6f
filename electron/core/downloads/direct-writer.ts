// Writes a large download's body with direct I/O (Linux's O_DIRECT): from four 2 MiB buffers of the app's
// own straight to the disk, one write after another while the network fills the next. A long video
// written so does not push the person's other files out of memory, leaves no dirty gigabyte for the sync at
// the end, and never waits for the kernel to find page-cache pages for it, which is what a large buffered
// download waited on on the build machine (a virtual one, whose idle memory goes back to its host): 1 GB
// into the page cache took 0.45 s right after another file had been written and 1.6 s after 6 s idle;
// dd with O_DIRECT 0.55-0.70 s either way. bench:download at 1 GB, four runs: 0.68-0.99 of curl then
// sync before, 1.19-1.35 with it.
//
// Direct writes need aligned addresses, lengths and positions (DIRECT_ALIGN): the buffers are views of a
// WebAssembly memory, which V8 maps at a page boundary; full buffers are written whole, and what is left at
// the end past the last aligned byte goes through the file's ordinary (buffered, appending) handle. Writes
// are issued one at a time in order, so that the file never has a hole: a process killed mid-download
// leaves a `.part` whose every byte is the body's, for the resume. A disk that refuses direct writes
// (EINVAL), or one that writes short, gets the rest of the body through the ordinary handle, appended
// (synced every 16 MiB, as the batched writer does); so does a file whose direct side cannot be opened.
import type { Clock, Timers } from '../kernel/ports';
import { SYNC_EVERY_BYTES } from './batched-writer';
import { HoldTimer, wallTime, type BodyWriter } from './body-writer';
import { DIRECT_ALIGN, type DirectFile, type DownloadFile } from './download-fs';

const BUFFER_BYTES = 2 * 1024 * 1024;
const BUFFERS = 4;
const WASM_PAGE_BYTES = 64 * 1024;

/**
 * Files from this size go past the page cache. Below it the page cache is the cheaper way, on a machine
 * whose memory is at hand: from nginx over loopback, 7 runs each, medians, buffered against direct, 100 MB
 * 208 against 213 ms, 250 MB 372 against 388 ms, 500 MB 732 against 809 ms; at 1 GB direct was the faster
 * in every bench run. Images, audio, PDFs and most clips stay buffered.
 */
export const DIRECT_FROM_BYTES = 512 * 1024 * 1024;

/** Whether a body of `remaining` bytes, written from `at`, goes direct (a resume at an odd size does not). */
export const goesDirect = (remaining: number | null, at: number) =>
  remaining !== null && remaining >= DIRECT_FROM_BYTES && at % DIRECT_ALIGN === 0;

type WritableFile = Pick<DownloadFile, 'write' | 'sync' | 'openDirect'>;

/**
 * A direct writer for `file` from `start` (a multiple of DIRECT_ALIGN), or null where there can be none
 * (a file without a direct side, or no memory for the buffers): the caller writes buffered then.
 */
export function directWriterFor(
  file: WritableFile,
  start: number,
  onWritten: (bytes: number) => void,
  time: Clock & Timers = wallTime,
): BodyWriter | null {
  if (!file.openDirect || start % DIRECT_ALIGN !== 0) return null;
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: (BUFFER_BYTES * BUFFERS) / WASM_PAGE_BYTES });
  } catch {
    // Out of address space (a ulimit, many large downloads at once): the page cache will do.
    return null;
  }
  // Opened while the first buffer fills (not awaited before reading the body: see download-file.ts).
  return new DirectWriter(memory, file.openDirect(), file, start, onWritten, time);
}

interface Slot {
  readonly bytes: Uint8Array;
  /** Where its first byte goes in the file. */
  position: number;
  /** Bytes copied in. */
  filled: number;
  /** Bytes handed to a write (a multiple of DIRECT_ALIGN until the end). */
  sent: number;
  /** Settles when its last write has (it may be refilled then); rejects when a write failed. */
  written: Promise<void>;
}

class DirectWriter implements BodyWriter {
  private readonly buffers: Slot[];
  private current = 0;
  private direct: DirectFile | null = null;
  /** The writes in order: a failed one stops every one after it. */
  private chain: Promise<void>;
  /** The first write that failed: thrown at the next add, not only when its buffer comes round. */
  private failure: { error: unknown } | null = null;
  /** Set when there is no direct side, or once the disk refused a direct write or wrote short. */
  private appending = false;
  /** Bytes appended through the ordinary handle since it was last synced. */
  private unsynced = 0;
  /** A slow link's bytes are written once they have waited HOLD_MS (the aligned part: the rest waits). */
  private readonly hold: HoldTimer;

  constructor(
    memory: WebAssembly.Memory,
    direct: Promise<DirectFile | null>,
    /** The file's ordinary handle: the tail, and everything once direct writes are refused. */
    private readonly file: WritableFile,
    /** Bytes already in the file (a multiple of DIRECT_ALIGN): where the body's first byte goes. */
    start: number,
    /** Called with the byte count of each write once it is done. */
    private readonly onWritten: (bytes: number) => void,
    /** The clock and timers (a test's own). */
    time: Clock & Timers = wallTime,
  ) {
    if (start % DIRECT_ALIGN !== 0)
      throw new RangeError(`direct writes start at an aligned size, not ${start}`);
    this.buffers = Array.from({ length: BUFFERS }, (_, index) => ({
      bytes: new Uint8Array(memory.buffer, index * BUFFER_BYTES, BUFFER_BYTES),
      position: start,
      filled: 0,
      sent: 0,
      written: Promise.resolve(),
    }));
    this.chain = this.prepare(direct, start);
    this.chain.catch((error: unknown) => (this.failure ??= { error }));
    this.hold = new HoldTimer(time, () => this.sendAligned());
  }

  /** The buffer being filled. */
  private get filling(): Slot {
    const slot = this.buffers[this.current];
    if (!slot) throw new RangeError(`no buffer ${this.current}`);
    return slot;
  }

  async add(chunk: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure.error;
    let at = 0;
    while (at < chunk.byteLength) {
      const buffer = this.filling;
      const count = Math.min(BUFFER_BYTES - buffer.filled, chunk.byteLength - at);
      buffer.bytes.set(chunk.subarray(at, at + count), buffer.filled);
      buffer.filled += count;
      at += count;
      if (buffer.filled < BUFFER_BYTES) break;
      this.send(buffer, BUFFER_BYTES);
      this.current = (this.current + 1) % BUFFERS;
      const next = this.filling;
      // Emptied first (a hold timer firing meanwhile finds nothing to send), refilled only once its last
      // write is done (a failed write throws here).
      next.position = buffer.position + BUFFER_BYTES;
      next.filled = 0;
      next.sent = 0;
      await next.written;
    }
    if (this.filling.filled > this.filling.sent && !this.hold.running) this.hold.restart();
  }

  async finish(): Promise<void> {
    this.hold.stop();
    const buffer = this.sendAligned();
    await this.chain;
    if (buffer.filled > buffer.sent) {
      const tail = buffer.bytes.subarray(buffer.sent, buffer.filled);
      buffer.sent = buffer.filled;
      // The file ends where the last direct write did: appended, the tail lands after it.
      await this.file.write([tail]);
      this.onWritten(tail.byteLength);
    }
  }

  /**
   * Waits for the direct side before the first write. A resumed file is synced first: its earlier bytes
   * may still be in the page cache, and a direct write that extends the file past them could, on a power
   * cut before they reach the disk, leave a hole of zeros that the resume would take for the body.
   */
  private async prepare(direct: Promise<DirectFile | null>, start: number): Promise<void> {
    this.direct = await direct;
    if (!this.direct) this.appending = true;
    else if (start > 0) await this.file.sync();
  }

  /** Queues the filling buffer's bytes up to its last aligned one (the rest waits for more, or the end). */
  private sendAligned(): Slot {
    const buffer = this.filling;
    this.send(buffer, buffer.filled - (buffer.filled % DIRECT_ALIGN));
    return buffer;
  }

  /** Queues the write of a buffer's bytes from what was sent up to `end`. */
  private send(buffer: Slot, end: number): void {
    if (end <= buffer.sent) return;
    const bytes = buffer.bytes.subarray(buffer.sent, end);
    const position = buffer.position + buffer.sent;
    buffer.sent = end;
    this.chain = this.chain.then(() => this.write(bytes, position));
    buffer.written = this.chain;
    // Not awaited yet: kept to be thrown at the next add (or at finish), never an unhandled rejection.
    this.chain.catch((error: unknown) => (this.failure ??= { error }));
  }

  private async write(bytes: Uint8Array, position: number): Promise<void> {
    let done = 0;
    if (this.direct && !this.appending) {
      try {
        done = await this.direct.write(bytes, position);
      } catch (error) {
        // EINVAL: this disk (or file system) takes no direct writes of this shape. Anything else (a disk
        // full, an I/O error) is the download's to report.
        if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
      }
      if (done < bytes.byteLength) this.appending = true;
    }
    if (done < bytes.byteLength) await this.append(bytes.subarray(done));
    this.onWritten(bytes.byteLength);
  }

  /** Through the ordinary handle, synced every SYNC_EVERY_BYTES as the batched writer does (no dirty gigabyte). */
  private async append(bytes: Uint8Array): Promise<void> {
    await this.file.write([bytes]);
    this.unsynced += bytes.byteLength;
    if (this.unsynced < SYNC_EVERY_BYTES) return;
    this.unsynced = 0;
    await this.file.sync();
  }
}
