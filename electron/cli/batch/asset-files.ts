// `--assets DIR`: the folder's files as the import takes a dropped folder: by path, each named inside it
// as `<folder>/<path>` (so a sheet may name a file by its name or its path in the folder).
import { readdir } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { ImportFile } from '../../shared/domain/batch-import';
import { UsageError } from '../cli-error';

/** The import takes at most this many files at once. */
const MAX_FILES = 10_000;

export async function assetFiles(folder: string): Promise<ImportFile[]> {
  let entries;
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch {
    throw new UsageError(`--assets: there is no folder at ${folder}.`);
  }
  const top = basename(folder);
  const files: ImportFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const inside = relative(folder, path);
    // Hidden files (.DS_Store, editors' backups) are never meant as a row's photo.
    if (inside.split(sep).some((part) => part.startsWith('.'))) continue;
    files.push({ kind: 'path', path, relativePath: [top, ...inside.split(sep)].join('/') });
  }
  if (files.length > MAX_FILES) {
    throw new UsageError(
      `--assets: ${folder} holds ${files.length} files; a batch takes at most ${MAX_FILES}.`,
    );
  }
  return files.sort((a, b) => (a.kind === 'path' && b.kind === 'path' ? a.path.localeCompare(b.path) : 0));
}
