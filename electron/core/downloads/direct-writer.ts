// Writes a large download's body with direct I/O (Linux's O_DIRECT): from four 2 MiB buffers of the app's
// own, page-aligned, straight to the disk, one write after another while the network fills the next. A
// buffered write must first find page-cache pages for the file, and where those are not at hand (on the
// build machine, a virtual one, memory left free for a few seconds goes back to its host) that is what a
// large download waits on: 1 GB written into the page cache took 0.45 s right after another file had been
// written and 1.6 s after 6 s idle, where dd with O_DIRECT took 0.55-0.70 s either way. In the download
// bench (1 GB from nginx over loopback, 5 runs) the buffered writer took 1,288-1,884 ms, this one
// 1,008-1,352 ms, curl then sync 1,543-1,875 ms. On a person's computer a large video written so does not
// push other programs' files out of memory, and leaves no gigabyte of dirty pages for the sync at the end.
//
// Direct writes need aligned addresses, lengths and positions (DIRECT_ALIGN): the buffers are views of a
// WebAssembly memory, which V8 maps at a page boundary; full buffers are written whole, and what is left at
// the end past the last aligned byte goes through the file's ordinary (buffered, appending) handle. Writes
// are issued one at a time in order, so that the file never has a hole: a process killed mid-download
// leaves a `.part` whose every byte is the body's, for the resume. A disk that refuses direct writes
// (EINVAL), or one that writes short, gets the rest of the body through the ordinary handle, appended.
import type { Clock, Timers } from '../kernel/ports';
import { HoldTimer, wallTime, type BodyWriter } from './body-writer';
import { DIRECT_ALIGN, type DirectFile, type DownloadFile } from './download-fs';

const BUFFER_BYTES = 2 * 1024 * 1024;
const BUFFERS = 4;
const WASM_PAGE_BYTES = 64 * 1024;

/**
 * Files from this size go past the page cache. Below it the page cache is the cheaper way, on a machine
 * whose memory is at hand: from nginx over loopback, 7 runs each, medians, buffered against direct, 100 MB
 * 208 against 213 ms, 250 MB 372 against 388 ms, 500 MB 732 against 809 ms; at 1 GB direct was the faster
 * in every bench run (1,154-1,379 ms against 1,190-2,333 ms). Images, audio, PDFs and most clips stay buffered.
 */
export const DIRECT_FROM_BYTES = 512 * 1024 * 1024;

/** Whether a body of `remaining` bytes, written from `at`, goes direct (a resume at an odd size does not). */
export const goesDirect = (remaining: number | null, at: number) =>
  remaining !== null && remaining >= DIRECT_FROM_BYTES && at % DIRECT_ALIGN === 0;

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

export class DirectWriter implements BodyWriter {
  private readonly buffers: Slot[];
  private current = 0;
  /** The writes in order: a failed one stops every one after it. */
  private chain: Promise<void> = Promise.resolve();
  /** Set once the disk refused a direct write or wrote short: from there on, appended through `file`. */
  private appending = false;
  /** A slow link's bytes are written once they have waited HOLD_MS (the aligned part: the rest waits). */
  private readonly hold: HoldTimer;

  constructor(
    private readonly direct: DirectFile,
    /** The file's ordinary handle: the tail, and everything once direct writes are refused. */
    private readonly file: Pick<DownloadFile, 'write'>,
    /** Bytes already in the file (a multiple of DIRECT_ALIGN): where the body's first byte goes. */
    start: number,
    /** Called with the byte count of each write once it is done. */
    private readonly onWritten: (bytes: number) => void,
    /** The clock and timers (a test's own). */
    time: Clock & Timers = wallTime,
  ) {
    this.hold = new HoldTimer(time, () => {
      const buffer = this.filling;
      this.send(buffer, buffer.filled - (buffer.filled % DIRECT_ALIGN));
    });
    if (start % DIRECT_ALIGN !== 0)
      throw new RangeError(`direct writes start at an aligned size, not ${start}`);
    const memory = new WebAssembly.Memory({ initial: (BUFFER_BYTES * BUFFERS) / WASM_PAGE_BYTES });
    this.buffers = Array.from({ length: BUFFERS }, (_, index) => ({
      bytes: new Uint8Array(memory.buffer, index * BUFFER_BYTES, BUFFER_BYTES),
      position: index === 0 ? start : 0,
      filled: 0,
      sent: 0,
      written: Promise.resolve(),
    }));
  }

  /** The buffer being filled. */
  private get filling(): Slot {
    const slot = this.buffers[this.current];
    if (!slot) throw new RangeError(`no buffer ${this.current}`);
    return slot;
  }

  async add(chunk: Uint8Array): Promise<void> {
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
      // Refilled only once its last write is done (a failed write throws here).
      await next.written;
      next.position = buffer.position + BUFFER_BYTES;
      next.filled = 0;
      next.sent = 0;
    }
    if (this.filling.filled > this.filling.sent && !this.hold.running) this.hold.restart();
  }

  async finish(): Promise<void> {
    this.hold.stop();
    const buffer = this.filling;
    this.send(buffer, buffer.filled - (buffer.filled % DIRECT_ALIGN));
    await this.chain;
    if (buffer.filled > buffer.sent) {
      const tail = buffer.bytes.subarray(buffer.sent, buffer.filled);
      buffer.sent = buffer.filled;
      // The file ends where the last direct write did: appended, the tail lands after it.
      await this.file.write([tail]);
      this.onWritten(tail.byteLength);
    }
  }

  /** Queues the write of a buffer's bytes from what was sent up to `end`. */
  private send(buffer: Slot, end: number): void {
    if (end <= buffer.sent) return;
    const bytes = buffer.bytes.subarray(buffer.sent, end);
    const position = buffer.position + buffer.sent;
    buffer.sent = end;
    this.chain = this.chain.then(() => this.write(bytes, position));
    buffer.written = this.chain;
    // Not awaited yet: marked handled so that a failure waits for its await instead of crashing the app.
    this.chain.catch(() => undefined);
  }

  private async write(bytes: Uint8Array, position: number): Promise<void> {
    let done = 0;
    if (!this.appending) {
      try {
        done = await this.direct.write(bytes, position);
      } catch (error) {
        // EINVAL: this disk (or file system) takes no direct writes of this shape. Anything else (a disk
        // full, an I/O error) is the download's to report.
        if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
      }
      if (done < bytes.byteLength) this.appending = true;
    }
    if (done < bytes.byteLength) await this.file.write([bytes.subarray(done)]);
    this.onWritten(bytes.byteLength);
  }
}
