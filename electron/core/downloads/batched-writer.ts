// Writes a download's body with one write on its way while the network is read: chunks that arrive
// while the disk is busy are gathered (up to about 1 MiB) into the next write, handed over as they are
// (one writev, not copied into one buffer). A fast connection makes large writes (a 1 GB file costs a
// thousand instead of tens of thousands), a slow one writes each chunk at once so progress shows as it
// comes; at most two batches are held, so memory stays flat. Every 4 MiB written, the file is synced in
// the background while the network goes on (one sync at a time), so that the disk writes while the body
// comes in and the sync at the end (before the file is named done) flushes only the last megabytes, not
// the whole file at once: a 10 MB file was synced whole at its end, as curl then `sync` does.
import type { DownloadFile } from './download-fs';

const BATCH_BYTES = 1024 * 1024;
const SYNC_EVERY_BYTES = 4 * 1024 * 1024;

export class BatchedWriter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private writing: Promise<void> | null = null;
  private busy = false;
  private unsynced = 0;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly file: Pick<DownloadFile, 'write' | 'sync'>,
    /** Called with the byte count of each batch once it is written. */
    private readonly onWritten: (bytes: number) => void,
  ) {}

  /** Takes a chunk; waits only when a full batch must wait for the write before it. */
  async add(chunk: Uint8Array): Promise<void> {
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    if (!this.busy || this.pendingBytes >= BATCH_BYTES) await this.startWrite();
  }

  /** Writes what is left and waits for every write and sync: the bytes taken are then all written (or it throws). */
  async finish(): Promise<void> {
    await this.startWrite();
    await this.writing;
    await this.syncing;
  }

  private async startWrite(): Promise<void> {
    // One write at a time, in order; a failed one throws here, at the next batch or at finish().
    await this.writing;
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
