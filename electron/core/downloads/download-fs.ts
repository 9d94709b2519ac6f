// The file system as the downloader uses it, injectable so that tests can make a disk full (ENOSPC), a
// folder read-only (EACCES, EROFS) or gone (ENOENT) at any step; the app passes node's.
import { mkdir, open, realpath, rename, stat, statfs, truncate, unlink } from 'node:fs/promises';

export interface DownloadFile {
  /** Writes the chunks in order, at the end of the file (one writev where the system has it). */
  write(chunks: readonly Uint8Array[]): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface DownloadFs {
  /** The size of a file, or null when there is none. */
  size(path: string): Promise<number | null>;
  /** Opens for appending, creating it when missing. */
  append(path: string): Promise<DownloadFile>;
  truncate(path: string, length: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  mkdirs(path: string): Promise<void>;
  realpath(path: string): Promise<string>;
  /** Bytes free for this user on the disk holding the folder; null where the system cannot tell. */
  freeBytes?(folder: string): Promise<number | null>;
}

export const nodeDownloadFs: DownloadFs = {
  async size(path) {
    try {
      return (await stat(path)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  },
  async append(path) {
    const handle = await open(path, 'a');
    return {
      async write(chunks) {
        let { bytesWritten } = await handle.writev(chunks);
        // A short write (rare on a file: a signal, a quota) goes on from where it stopped.
        for (const chunk of chunks) {
          if (bytesWritten >= chunk.byteLength) {
            bytesWritten -= chunk.byteLength;
            continue;
          }
          let offset = bytesWritten;
          bytesWritten = 0;
          while (offset < chunk.byteLength) offset += (await handle.write(chunk, offset)).bytesWritten;
        }
      },
      sync: () => handle.sync(),
      close: () => handle.close(),
    };
  },
  truncate: (path, length) => truncate(path, length),
  rename: (from, to) => rename(from, to),
  remove: (path) => unlink(path).catch(() => undefined),
  mkdirs: async (path) => {
    await mkdir(path, { recursive: true });
  },
  realpath: (path) => realpath(path),
  async freeBytes(folder) {
    try {
      const stats = await statfs(folder);
      return stats.bavail * stats.bsize;
    } catch {
      return null;
    }
  },
};
