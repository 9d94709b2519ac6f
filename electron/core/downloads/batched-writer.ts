// Writes a download's body in batches of about 1 MiB, handed over as they came (one writev, not copied
// into one buffer), with one write on its way while the network is read. A fast connection makes 1 MiB
// writes (a 1 MB file is one write, a 1 GB file a thousand, where writing each chunk as the disk was free
// made tens of thousands: each a trip through node's thread pool that a busy 2-core machine pays for); a
// slow one writes what came at least every 100 ms, so progress shows as it comes. A full batch waits for
// the write before it: at most two batches are held, so memory stays flat. Every 16 MiB written, the file
// is synced in the background while the network goes on (one sync at a time), so that the disk writes
// while the body comes in and the sync at the end (before the file is named done) flushes only the last
// megabytes, not the whole of a large file at once. Each sync is a journal commit too: every 4 MiB, a
// 100 MB file took 153-312 ms from one run to the next (25 syncs meeting the disk's own writeback), every
// 16 MiB a steady 153-163 ms; every 64 MiB, a 1 GB file flushed too much at its end (1.67 s against 1.40 s).
import type { Clock, Timers } from '../kernel/ports';
import { HoldTimer, HOLD_MS, wallTime, type BodyWriter } from './body-writer';
import type { DownloadFile } from './download-fs';

const BATCH_BYTES = 1024 * 1024;
/** How much is written between two syncs: the sync at the end flushes no more than this. */
export const SYNC_EVERY_BYTES = 16 * 1024 * 1024;

export class BatchedWriter implements BodyWriter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** When the oldest pending chunk came. */
  private pendingSince = 0;
  /** Writes what came when no more comes (a link that stalls): its bytes are on disk and show. */
  private readonly hold: HoldTimer;
  private writing: Promise<void> | null = null;
  private busy = false;
  private unsynced = 0;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly file: Pick<DownloadFile, 'write' | 'sync'>,
    /** Called with the byte count of each batch once it is written. */
    private readonly onWritten: (bytes: number) => void,
    /** The clock and timers (a test's own). */
    private readonly time: Clock & Timers = wallTime,
  ) {
    this.hold = new HoldTimer(time, () => this.whenHeld());
  }

  /** Takes a chunk; waits only when a full batch must wait for the write before it. */
  async add(chunk: Uint8Array): Promise<void> {
    const now = this.time.now();
    if (this.pendingBytes === 0) {
      this.pendingSince = now;
      this.hold.restart();
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    if (this.pendingBytes >= BATCH_BYTES || (!this.busy && now - this.pendingSince >= HOLD_MS)) {
      await this.startWrite();
    }
  }

  /** Writes what is left and waits for every write and sync: the bytes taken are then all written (or it throws). */
  async finish(): Promise<void> {
    this.hold.stop();
    await this.startWrite();
    await this.writing;
    await this.syncing;
  }

  private async startWrite(): Promise<void> {
    // One write at a time, in order; a failed one throws here, at the next batch or at finish(). Two
    // callers (an add and the hold timer) may wait together: whichever goes on second waits for the
    // write the first started.
    for (;;) {
      const before = this.writing;
      await before;
      if (this.writing === before) break;
    }
    if (this.pendingBytes === 0) return;
    const bytes = this.pendingBytes;
    const chunks = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    this.busy = true;
    this.writing = this.file.write(chunks).then(() => {
      this.busy = false;
      this.onWritten(bytes);
      this.unsynced += bytes;
      if (this.unsynced >= SYNC_EVERY_BYTES) this.syncInBackground();
    });
    // Not awaited yet: marked handled so that a failure waits for its await instead of crashing the app.
    this.writing.catch(() => undefined);
  }

  /** While bytes are pending, writes them once they have waited HOLD_MS and the disk is free. */
  private whenHeld(): void {
    if (this.pendingBytes === 0) return;
    if (this.busy) return this.hold.restart();
    // A failed write before it stays in `writing`: thrown at the next add or at finish().
    this.startWrite().catch(() => undefined);
  }

  private syncInBackground(): void {
    if (this.syncing) return;
    this.unsynced = 0;
    const syncing = this.file.sync();
    this.syncing = syncing.then(() => {
      if (this.syncing === chained) this.syncing = null;
    });
    const chained = this.syncing;
    // A failed sync (a disk full as it flushes) throws at finish(), as a failed write does.
    chained.catch(() => undefined);
  }
}
