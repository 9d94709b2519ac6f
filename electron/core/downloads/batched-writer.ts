// Writes a download's body with one write on its way while the network is read: chunks that arrive
// while the disk is busy are gathered (up to about 1 MiB) into the next write. A fast connection makes
// large writes (a 1 GB file costs a thousand instead of tens of thousands), a slow one writes each chunk
// at once so progress shows as it comes; at most two batches are held, so memory stays flat.
import type { DownloadFile } from './download-fs';

const BATCH_BYTES = 1024 * 1024;

export class BatchedWriter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private writing: Promise<void> | null = null;
  private busy = false;

  constructor(
    private readonly file: DownloadFile,
    /** Called with the byte count of each batch once it is on disk. */
    private readonly onWritten: (bytes: number) => void,
  ) {}

  /** Takes a chunk; waits only when a full batch must wait for the write before it. */
  async add(chunk: Uint8Array): Promise<void> {
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    if (!this.busy || this.pendingBytes >= BATCH_BYTES) await this.startWrite();
  }

  /** Writes what is left and waits for every write: the bytes taken are then all on disk (or it throws). */
  async finish(): Promise<void> {
    await this.startWrite();
    await this.writing;
  }

  private async startWrite(): Promise<void> {
    // One write at a time, in order; a failed one throws here, at the next batch or at finish().
    await this.writing;
    if (this.pendingBytes === 0) return;
    const bytes = this.pendingBytes;
    const [only] = this.pending;
    const data = this.pending.length === 1 && only ? only : Buffer.concat(this.pending, bytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.busy = true;
    this.writing = this.file.write(data).then(() => {
      this.busy = false;
      this.onWritten(bytes);
    });
    // Not awaited yet: marked handled so that a failure waits for its await instead of crashing the app.
    this.writing.catch(() => undefined);
  }
}
