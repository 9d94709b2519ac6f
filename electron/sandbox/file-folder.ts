// The folder that holds the bytes of the sandbox's stored files, one file each under a random name (never
// one taken from a storage key, which is hostile text). A file is written under a temporary name, synced
// and renamed, so whoever records it afterwards never points at half a file.
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePrivateFile, ensurePrivateFolder, PRIVATE_FILE_MODE } from '../node-shared/private-files';

/** What a written file turned out to be. */
export interface WrittenFile {
  /** Its name in the folder. */
  name: string;
  size: number;
  /** The sandbox's ETag: the first 32 hex digits of the SHA-256 of the bytes, quoted. */
  etag: string;
}

const TEMP_PREFIX = '.writing-';

const newName = (): string => randomBytes(16).toString('hex');

export class FileFolder {
  private constructor(
    readonly dir: string,
    /** A temporary folder (in-memory sandbox) is removed by dispose(); a data folder's stays. */
    private readonly temporary: boolean,
  ) {}

  /** `files/` inside the data folder, or a fresh temporary folder when there is none. */
  static open(dataDir: string | null): FileFolder {
    if (dataDir === null) return new FileFolder(mkdtempSync(join(tmpdir(), 'jrs-sandbox-files-')), true);
    const dir = join(dataDir, 'files');
    ensurePrivateFolder(dataDir, { tighten: false });
    ensurePrivateFolder(dir);
    return new FileFolder(dir, false);
  }

  pathOf(name: string): string {
    return join(this.dir, name);
  }

  /** Writes the parts one after another (only one is ever in memory), hashing them on the way. */
  async write(parts: Iterable<Buffer> | AsyncIterable<Buffer>): Promise<WrittenFile> {
    const name = newName();
    const temp = this.pathOf(`${TEMP_PREFIX}${name}`);
    const hash = createHash('sha256');
    let size = 0;
    const handle = await open(temp, 'wx', PRIVATE_FILE_MODE);
    try {
      for await (const part of parts) {
        hash.update(part);
        size += part.length;
        let offset = 0;
        while (offset < part.length) offset += (await handle.write(part, offset)).bytesWritten;
      }
      await handle.sync();
    } catch (error) {
      await handle.close();
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    await handle.close();
    await rename(temp, this.pathOf(name));
    await this.syncDir();
    return { name, size, etag: `"${hash.digest('hex').slice(0, 32)}"` };
  }

  /** The same, synchronously, for bytes already in memory (the blob migration, before anything is served). */
  writeSync(bytes: Buffer): string {
    const name = newName();
    const temp = this.pathOf(`${TEMP_PREFIX}${name}`);
    const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE);
    try {
      let offset = 0;
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.pathOf(name));
    return name;
  }

  /** Best effort: a file still open elsewhere (Windows) stays, and sweep() takes it at the next start. */
  remove(name: string): void {
    rmSync(this.pathOf(name), { force: true, maxRetries: 0 });
  }

  /**
   * Removes what a crash left: half-written files, and whole files whose row was never written (or whose
   * replacement could not delete them). `keep` is every name the rows point at.
   */
  sweep(keep: ReadonlySet<string>): void {
    for (const name of readdirSync(this.dir)) {
      if (!keep.has(name)) rmSync(this.pathOf(name), { recursive: true, force: true });
      // An older version wrote them readable by every local user.
      else ensurePrivateFile(this.pathOf(name));
    }
  }

  dispose(): void {
    if (this.temporary) rmSync(this.dir, { recursive: true, force: true });
  }

  /** The rename is durable only once the folder itself is synced (POSIX); Windows cannot open a folder. */
  private async syncDir(): Promise<void> {
    try {
      const handle = await open(this.dir, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch {
      // Not supported here; the rename is as durable as the platform makes it.
    }
  }
}
