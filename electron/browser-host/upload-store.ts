// Files the page sends before a request that carries them: the page POSTs each file's bytes to the upload
// route and puts the returned id where the bytes were, so requests over the socket stay small. An upload
// is taken once; ones never taken are dropped after a while and are bounded in total.
import { randomUUID } from 'node:crypto';

/** A file upload the page never used is forgotten after this long. */
const KEEP_MS = 10 * 60_000;
/** At most this many bytes wait to be used, so a page cannot fill the host's memory. */
export const MAX_WAITING_BYTES = 1024 * 1024 * 1024;
export { MAX_UPLOAD_BYTES } from '../shared/ipc/socket-protocol';

export class UploadStore {
  private readonly waiting = new Map<string, { bytes: Uint8Array; at: number }>();
  private total = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps the bytes and returns their id; null when too much is waiting already. */
  put(bytes: Uint8Array): string | null {
    this.forgetOld();
    if (this.total + bytes.length > MAX_WAITING_BYTES) return null;
    const id = randomUUID();
    this.waiting.set(id, { bytes, at: this.now() });
    this.total += bytes.length;
    return id;
  }

  /** How many more bytes may wait now. */
  room(): number {
    this.forgetOld();
    return Math.max(0, MAX_WAITING_BYTES - this.total);
  }

  /** The bytes of an upload, once: undefined when unknown, taken already or forgotten. */
  take(id: string): Uint8Array | undefined {
    const entry = this.waiting.get(id);
    if (!entry) return undefined;
    this.waiting.delete(id);
    this.total -= entry.bytes.length;
    return entry.bytes;
  }

  private forgetOld(): void {
    const cutoff = this.now() - KEEP_MS;
    for (const [id, entry] of this.waiting) {
      if (entry.at >= cutoff) continue;
      this.waiting.delete(id);
      this.total -= entry.bytes.length;
    }
  }
}
