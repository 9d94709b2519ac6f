// Opening a file the host sends (the built pages, a job's downloaded file): only a regular file, never
// through a link at its name, and never waiting on a pipe or device (O_NONBLOCK: a FIFO planted in a shared
// folder would otherwise hold one of libuv's few threads for good). What was checked is what is sent (the
// open handle, not the name again), and a read that fails ends that response, never the host.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';

export interface RegularFile {
  handle: FileHandle;
  size: number;
}

/** Why a file cannot be sent: nothing at the name, or something other than a regular file there. */
export type NotSent = 'missing' | 'not-a-file';

const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** The regular file at `path`, open; or why not (a link, folder, pipe or device is 'not-a-file'). */
export async function openRegularFile(path: string): Promise<RegularFile | NotSent> {
  let handle: FileHandle;
  try {
    handle = await open(path, FLAGS);
  } catch (error) {
    // ELOOP is O_NOFOLLOW's answer to a link at the name.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'not-a-file';
  }
  const stats = await handle.stat().catch(() => null);
  if (!stats?.isFile()) {
    await handle.close().catch(() => undefined);
    return stats ? 'not-a-file' : 'missing';
  }
  return { handle, size: stats.size };
}

/** Streams the open file as the body (its headers already set) and closes it; a failed read ends the response. */
export function sendRegularFile(file: RegularFile, response: ServerResponse): void {
  // pipeline destroys both sides on an error or an early close (the handle closes with the read stream).
  pipeline(file.handle.createReadStream(), response).catch(() => response.destroy());
}
