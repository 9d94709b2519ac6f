// What the app refuses to write into or rename over: anything at a name that is not a plain file of its
// own. A link planted there would carry the bytes to the file it points at (outside the folder), a hard
// link would change the file's other names too, and a pipe would make the write wait forever.
import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

export type EntryKind = 'file' | 'link' | 'folder' | 'other';

const WHAT: Record<Exclude<EntryKind, 'file'>, string> = {
  link: 'a link to somewhere else',
  folder: 'a folder',
  other: 'a device, pipe or socket, not a file',
};

export class UnsafeEntryError extends Error {
  readonly code = 'EUNSAFE';

  constructor(
    readonly path: string,
    readonly kind: EntryKind,
    readonly links: number,
  ) {
    const what =
      kind === 'file'
        ? `a file with ${links} names on the disk (hard links), so writing it would change the others too`
        : WHAT[kind];
    super(
      `${basename(path)} in ${dirname(path)} is ${what}. The app does not write through it, so nothing was written and it was left as it is. Move it away, then try again.`,
    );
    this.name = 'UnsafeEntryError';
  }
}

/** The refusal for what is at `path`, or null when it is a plain file with one name. */
export function refusedEntry(
  path: string,
  entry: { kind: EntryKind; links: number },
): UnsafeEntryError | null {
  if (entry.kind === 'file' && entry.links <= 1) return null;
  return new UnsafeEntryError(path, entry.kind, entry.links);
}

/** lstat, or null when nothing is at the name. */
export async function lstatOrNull(path: string): Promise<Stats | null> {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** What is at a name on the disk, as seen without following a link. */
export interface DiskEntry {
  kind: EntryKind;
  size: number;
  /** Hard links to it (names it has on the disk). */
  links: number;
  identity: string;
}

/** A file's identity on its disk: two names with the same identity are one file. */
export const identityOf = (stats: Pick<Stats, 'dev' | 'ino'>) => `${stats.dev}:${stats.ino}`;

/** What an lstat says, in the app's terms. */
export function entryOf(stats: Stats): DiskEntry {
  const kind = stats.isSymbolicLink()
    ? 'link'
    : stats.isDirectory()
      ? 'folder'
      : stats.isFile()
        ? 'file'
        : 'other';
  return { kind, size: stats.size, links: stats.nlink, identity: identityOf(stats) };
}
