// A file the person asked to save appears whole or not at all, owner-only (0600): written to a temporary
// file beside it (a random name, created new with O_EXCL and O_NOFOLLOW, so nothing planted there is
// followed), then renamed over it. Its folder is made (owner-only) when missing, as a home without
// Downloads has none. What is at the chosen name must be a plain file with one name, or nothing: a link, a
// folder, a device, a pipe or a hard-linked file there is refused in words and left as it is.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { entryOf, lstatOrNull, refusedEntry, UnsafeEntryError } from './unsafe-entry';
import { AppError } from '../kernel/app-error';

const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Throws the refusal when something other than a plain file with one name is at `path`. */
async function checkName(path: string): Promise<void> {
  const found = await lstatOrNull(path);
  const refused = found ? refusedEntry(path, entryOf(found)) : null;
  if (refused) throw refused;
}

export async function writeFileAtomically(path: string, data: string | Uint8Array): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await checkName(path);
  // Short and unguessable: a long name in any script stays within the disk's 255 bytes, and no one can
  // plant a link at it beforehand (O_EXCL fails rather than open what is there).
  const temp = join(folder, `.jrs-${randomBytes(8).toString('hex')}.tmp`);
  const handle = await open(temp, CREATE_NEW, 0o600);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    // Looked at again just before the rename. A save replaces the file the person chose and confirmed, so
    // it is a rename, not the downloader's link() that refuses any file there (download-fs.ts). The
    // window that leaves: something another program makes at the name between this look and the rename
    // is replaced. A rename replaces the name itself, so even then nothing is written through a link,
    // and a folder there makes it fail.
    await checkName(path);
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** A save that failed, in the person's words: what, where, and what to do. */
export function saveError(error: unknown, what: string, path: string): AppError {
  if (error instanceof UnsafeEntryError) {
    return new AppError(
      'storage',
      `${what} was not saved: ${error.message.replace(/ Move it away, then try again\.$/, '')} Choose another name or folder.`,
    );
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const why =
    code === 'ENOSPC'
      ? 'the disk is full'
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'the folder is read-only, or not yours'
        : code === 'ENAMETOOLONG'
          ? 'the name is too long for the disk'
          : code === 'ENOTDIR'
            ? 'part of the path is a file, not a folder'
            : (code ?? 'error');
  return new AppError(
    'storage',
    `${what} could not be written to ${path} (${why}). Choose a folder you can write to.`,
  );
}
