// The filler bytes of a padded output: a xorshift32 stream seeded by the job id, made in parts as they are
// written. Never zeros and never periodic, so a client that resumes at a wrong offset ends with a file
// that differs from the sandbox's (and its checksum says so).
import { createHash } from 'node:crypto';

const PART = 1024 * 1024;
/** Random byte → JSON whitespace (space, tab, LF, CR). A table, since the loop runs per byte. */
const WHITESPACE = Uint8Array.from(
  { length: 256 },
  (_unused, byte) => [0x20, 0x09, 0x0a, 0x0d][byte & 3] ?? 0x20,
);
/** Random byte → visible ASCII, '!' to '~'. */
const PRINTABLE = Uint8Array.from({ length: 256 }, (_unused, byte) => 0x21 + (byte % 94));

/**
 * Turns the raw random bytes of one part into what the format allows there; `offset` is the part's
 * position in the filler, for shapes that depend on it (a PDF's comment lines).
 */
export type FillerShape = (part: Buffer, offset: number) => void;

export function fillerSeed(jobId: string): number {
  return createHash('sha256').update(jobId).digest().readUInt32BE(0) || 0x9e3779b9;
}

/** `bytes` bytes of filler, in parts of at most 1 MiB. */
export function* filler(bytes: number, seed: number, shape?: FillerShape): Generator<Buffer> {
  let state = seed >>> 0 || 0x9e3779b9;
  for (let offset = 0; offset < bytes; offset += PART) {
    const size = Math.min(PART, bytes - offset);
    const words = new Uint32Array(Math.ceil(size / 4));
    for (let i = 0; i < words.length; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      words[i] = state >>> 0;
    }
    const part = Buffer.from(words.buffer, 0, size);
    shape?.(part, offset);
    yield part;
  }
}

/** Bytes that a JSON text may end with: whitespace. */
export const jsonWhitespace: FillerShape = (part) => {
  for (let i = 0; i < part.length; i++) part[i] = WHITESPACE[part[i] ?? 0] ?? 0x20;
};

/** Visible ASCII, '!' to '~': never a line end, so it can fill a comment. */
export function printable(part: Buffer): void {
  for (let i = 0; i < part.length; i++) part[i] = PRINTABLE[part[i] ?? 0] ?? 0x21;
}
