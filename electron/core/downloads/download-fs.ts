// The file system as the downloader uses it, injectable so that tests can make a disk full (ENOSPC), a
// folder read-only (EACCES, EROFS) or gone (ENOENT) at any step; the app passes node's. Nothing here
// writes through a link: `.part` files are opened with O_NOFOLLOW (created owner-only with O_EXCL), and
// what is found at a name is looked at with lstat, never stat. The checks run once per open or rename,
// never per write, so the download's hot path is the write alone (a writev, or a direct write).
import { constants, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { link, mkdir, open, realpath, rename, stat, statfs, unlink, type FileHandle } from 'node:fs/promises';
import { SharedFolderSyncs } from './shared-folder-syncs';
import {
  entryOf,
  identityOf,
  lstatOrNull,
  refusedEntry,
  UnsafeEntryError,
  type DiskEntry,
} from '../files/unsafe-entry';

export type { DiskEntry } from '../files/unsafe-entry';

export { UnsafeEntryError } from '../files/unsafe-entry';

export interface DownloadFile {
  /** Bytes in the file when it was opened. */
  readonly openedSize: number;
  /** The file's identity on disk (device and inode), to check that the name still leads to it. */
  readonly identity: string;
  /** Writes the chunks in order, at the end of the file (one writev where the system has it). */
  write(chunks: readonly Uint8Array[]): Promise<void>;
  /** Cuts the file (through the open file, never through its name). */
  truncate(length: number): Promise<void>;
  sync(): Promise<void>;
  /**
   * This open file opened a second time, for direct I/O (Linux's O_DIRECT: written from the app's buffers
   * to the disk, past the page cache); null where the system or the disk has none. Closed with the file.
   */
  openDirect?(): Promise<DirectFile | null>;
  /** Closes the file (and its direct twin, when one was opened). */
  close(): Promise<void>;
}

/**
 * A file open for direct I/O: each write's buffer address, length and position must be multiples of the
 * disk's block size (DIRECT_ALIGN covers 512- and 4096-byte blocks), else the system refuses it (EINVAL).
 */
export interface DirectFile {
  /** Writes the bytes at `position`; resolves with how many were written (fewer on a short write). */
  write(bytes: Uint8Array, position: number): Promise<number>;
}

/** The alignment that direct writes keep: addresses, lengths and positions are multiples of it. */
export const DIRECT_ALIGN = 4096;

/** What is at a name itself (a link is a link, not what it points to). */
export interface DownloadFs {
  /** The size of a file, or null when there is none (follows links: used only to see a file is there). */
  size(path: string): Promise<number | null>;
  /** What is at the name itself, without following a link; null when nothing is. */
  entry(path: string): Promise<DiskEntry | null>;
  /**
   * Opens a `.part` for appending without following a link: made owner-only (0600) when missing; an
   * UnsafeEntryError when the name is a link, a folder, a device, a pipe, a socket or a file with other
   * hard links.
   */
  openPart(path: string): Promise<DownloadFile>;
  /** Reads a file without following a link (for checksums). */
  read(path: string): AsyncIterable<Uint8Array>;
  /** Puts `from` at `to` (`from` is gone after); EEXIST (nothing moved) when anything is at `to`. */
  place(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  mkdirs(path: string): Promise<void>;
  realpath(path: string): Promise<string>;
  /** Bytes free for this user on the disk holding the folder; null where the system cannot tell. */
  freeBytes?(folder: string): Promise<number | null>;
}

// O_NOFOLLOW and O_NONBLOCK do not exist on Windows (0 there: links are rarely a user's to plant).
// O_NONBLOCK makes a FIFO planted at the name fail (ENXIO) instead of waiting forever for a reader.
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;
const APPEND = constants.O_WRONLY | constants.O_APPEND | NOFOLLOW | NONBLOCK;
/** Linux's (undefined on macOS and Windows, where their own kinds are not reachable from node). */
const DIRECT = (constants as { O_DIRECT?: number }).O_DIRECT;
const CREATE = APPEND | constants.O_CREAT | constants.O_EXCL;

/** Opens without following; a name that turned out to be something else is refused in its own terms. */
async function openNoFollow(path: string, flags: number): Promise<FileHandle> {
  try {
    return await open(path, flags, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ELOOP: a link (O_NOFOLLOW); EISDIR: a folder; ENXIO: a FIFO with no reader, or a device.
    if (code === 'ELOOP' || code === 'EISDIR' || code === 'ENXIO' || code === 'EEXIST') {
      const found = await lstatOrNull(path);
      throw new UnsafeEntryError(path, found ? entryOf(found).kind : 'link', found?.nlink ?? 1);
    }
    throw error;
  }
}

async function openPart(path: string): Promise<DownloadFile> {
  const before = await lstatOrNull(path);
  if (before) {
    const refused = refusedEntry(path, entryOf(before));
    if (refused) throw refused;
  }
  const handle = await openNoFollow(path, before ? APPEND : CREATE);
  try {
    // What was opened is what was looked at: a name swapped between the lstat and the open is refused.
    const opened = await handle.stat();
    const refused = refusedEntry(path, entryOf(opened));
    if (refused) throw refused;
    if (before && identityOf(before) !== identityOf(opened)) throw new UnsafeEntryError(path, 'link', 1);
    // A `.part` left by an older version, readable by all: owner-only from now on.
    if ((opened.mode & 0o077) !== 0) await handle.chmod(0o600);
    return fileOf(handle, opened);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

/**
 * File systems on a local disk that take direct writes as they should. A network disk (NFS, SMB) or a
 * FUSE one may accept O_DIRECT and then send each write over the wire and wait for it: there buffered
 * writes are the faster. statfs's f_type magic numbers, from Linux's magic.h.
 */
const LOCAL_DIRECT_FILE_SYSTEMS = new Set([
  0xef53, // ext2, ext3, ext4
  0x58465342, // XFS
  0x9123683e, // Btrfs
  0xf2f52010, // F2FS
]);

/**
 * The open file again, for direct writes, positioned (no O_APPEND: each write says where). Reopened
 * through /proc/self/fd, never by its name: whatever is at the name now (a link, a FIFO planted since) is
 * not looked at. Null where it cannot be: no O_DIRECT here, no /proc, a disk that is not a local one of
 * LOCAL_DIRECT_FILE_SYSTEMS, one that refuses it (EINVAL), or (belt and braces) another file opened.
 */
async function openDirectTwin(handle: FileHandle, identity: string): Promise<FileHandle | null> {
  if (DIRECT === undefined) return null;
  const self = `/proc/self/fd/${handle.fd}`;
  // The disk of the open file itself (statfs follows the /proc link to it), not of whatever has its name.
  const disk = await statfs(self).catch(() => null);
  if (!disk || !LOCAL_DIRECT_FILE_SYSTEMS.has(disk.type)) return null;
  let twin: FileHandle;
  try {
    twin = await open(self, constants.O_WRONLY | DIRECT | NONBLOCK);
  } catch {
    return null;
  }
  const stats = await twin.stat().catch(() => null);
  if (stats && identityOf(stats) === identity) return twin;
  await twin.close().catch(() => undefined);
  return null;
}

function fileOf(handle: FileHandle, opened: Stats): DownloadFile {
  // Kept as the promise: a close() while it is still opening waits for it, and closes what it opened.
  let twin: Promise<FileHandle | null> | null = null;
  return {
    openedSize: opened.size,
    identity: identityOf(opened),
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
    truncate: (length) => handle.truncate(length),
    sync: () => handle.sync(),
    async openDirect() {
      twin ??= openDirectTwin(handle, identityOf(opened));
      const direct = await twin;
      if (!direct) return null;
      return {
        write: async (bytes, position) =>
          (await direct.write(bytes, 0, bytes.byteLength, position)).bytesWritten,
      };
    },
    async close() {
      await (await twin)?.close().catch(() => undefined);
      await handle.close();
    },
  };
}

/** What link() says where the disk, or the system, cannot make a hard link at all. */
const NO_HARD_LINKS = new Set(['EPERM', 'EXDEV', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

/** The system calls that put a finished file at its name, replaceable so a test can act between steps. */
export interface PlaceOps {
  link(from: string, to: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  /** Makes the folder's entries (the file's new name) durable, as fsync made its bytes. */
  syncFolder(folder: string): Promise<void>;
}

const DIRECTORY = (constants.O_DIRECTORY ?? 0) | constants.O_RDONLY | NOFOLLOW;

/**
 * fsync of the folder: a name made by link or rename lives in the folder's own data, which a power cut can
 * lose even though the file's bytes were synced. Windows cannot open a folder to sync it (and its file
 * system journals names itself): there it is skipped.
 */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(folder, DIRECTORY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** node's file system as the downloader uses it (`ops`: the placing calls, node's unless a test says). */
export function createNodeDownloadFs(ops: Partial<PlaceOps> = {}): DownloadFs {
  const calls: PlaceOps = { link, rename, unlink, syncFolder, ...ops };
  // Files finishing together in one folder share its syncs (each caller still waits for one begun after it).
  const folderSyncs = new SharedFolderSyncs((folder) => calls.syncFolder(folder));
  return {
    async size(path) {
      try {
        return (await stat(path)).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async entry(path) {
      const found = await lstatOrNull(path);
      return found ? entryOf(found) : null;
    },
    openPart,
    async *read(path) {
      const handle = await openNoFollow(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
      try {
        for await (const chunk of handle.createReadStream({ autoClose: false })) yield chunk as Buffer;
      } finally {
        await handle.close();
      }
    },
    async place(from, to) {
      // A hard link is made at `to`, then the `.part` name is removed: link() fails with EEXIST when
      // anything is at `to` (a file another program made a moment ago, a link, a folder), in one step
      // with no window between a look and the move, and never writes through what is there.
      try {
        await calls.link(from, to);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (!code || !NO_HARD_LINKS.has(code)) throw error;
        // A disk that cannot make hard links (FAT, exFAT, some network and FUSE disks): looked at, then
        // renamed. There the window stays: something made at `to` by another program between this lstat
        // and the rename is replaced (a rename replaces the name only, so nothing is written through a
        // link, and a folder there makes the rename fail).
        if ((await lstatOrNull(to)) !== null) {
          throw Object.assign(new Error(`EEXIST: ${to} is taken`), { code: 'EEXIST' });
        }
        await calls.rename(from, to);
        await folderSyncs.sync(dirname(to));
        return;
      }
      await calls.unlink(from);
      // The file is named done once this returns: its name must survive a power cut as its bytes do.
      await folderSyncs.sync(dirname(to));
    },
    remove: (path) => unlink(path).catch(() => undefined),
    mkdirs: async (path) => {
      // Folders the app makes are the person's alone (the chosen folder's own mode is left as it is).
      await mkdir(path, { recursive: true, mode: 0o700 });
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
}

export const nodeDownloadFs: DownloadFs = createNodeDownloadFs();
