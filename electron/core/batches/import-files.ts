// Files given to an import, read in main: a path (the app, from the dropped file) or bytes (a browser, the
// test harness). A spreadsheet is read whole (it is at most 50 MB); an image or audio file only by its size
// and first bytes until it is uploaded, so that a folder of a thousand photos costs a thousand small reads.
import { open, readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { SNIFF_BYTES } from '../../shared/domain/asset-content';
import type { ImportFile } from '../../shared/domain/batch-import';
import { AppError } from '../kernel/app-error';
import type { DroppedFile } from './match-files';
import { SHEET_LIMITS } from './sheet-error';

export const nameOf = (file: ImportFile) => (file.kind === 'path' ? basename(file.path) : file.name);
const relativePathOf = (file: ImportFile) => (file.relativePath ?? nameOf(file)).replace(/\\/g, '/');

function unreadable(file: ImportFile, error: unknown): AppError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'it is no longer there (moved, renamed or deleted)'
      : code === 'EACCES' || code === 'EPERM'
        ? 'the app may not read it'
        : code === 'EISDIR'
          ? 'it is a folder'
          : `the system said ${code ?? 'no'}`;
  return new AppError('invalid-input', `${nameOf(file)} could not be read: ${why}. Drop it again.`, {
    cause: error,
  });
}

export async function readWhole(
  file: ImportFile,
  maxBytes = SHEET_LIMITS.maxBytes,
): Promise<Uint8Array<ArrayBuffer>> {
  if (file.kind === 'bytes') return new Uint8Array(file.bytes);
  let size: number;
  try {
    size = (await stat(file.path)).size;
    if (size <= maxBytes) return new Uint8Array(await readFile(file.path));
  } catch (error) {
    throw unreadable(file, error);
  }
  // Checked before reading, so a huge file is refused without being loaded.
  throw new AppError(
    'invalid-input',
    `${nameOf(file)} is ${Math.ceil(size / 1048576)} MB; the limit here is ${Math.floor(maxBytes / 1048576)} MB.`,
  );
}

/** A dropped asset as the checks see it: its relative path, size and first bytes. */
export async function describeFile(file: ImportFile): Promise<DroppedFile> {
  if (file.kind === 'bytes') {
    return {
      relativePath: relativePathOf(file),
      size: file.bytes.byteLength,
      head: file.bytes.subarray(0, SNIFF_BYTES),
    };
  }
  try {
    const handle = await open(file.path, 'r');
    try {
      const { size } = await handle.stat();
      const head = new Uint8Array(SNIFF_BYTES);
      const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
      return { relativePath: relativePathOf(file), size, head: head.subarray(0, bytesRead) };
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw unreadable(file, error);
  }
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  flac: 'audio/flac',
};

export function mimeTypeOf(name: string): string {
  return MIME[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
