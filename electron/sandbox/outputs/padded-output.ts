// `simulate.outputBytes`: an output made that large while staying valid media, so that downloads of
// gigabytes can be tested without holding one in memory. The natural file is small; the rest is filler
// (filler.ts) where each format allows it: a top-level `free` box after an MP4's moov, a `JUNK` chunk at
// the end of a WAV, private ancillary chunks before a PNG's IEND, comment lines before a PDF's
// cross-reference table (pdf-padding.ts), whitespace after a JSON report. Parts are made as they are
// written, so a gigabyte never exists in memory.
import { crc32 } from 'node:zlib';
import { filler, fillerSeed, jsonWhitespace } from './filler';
import { padPdf } from './pdf-padding';
import type { RenderedOutput } from './types';

/** The largest size a seed may ask for: the 32-bit sizes of a RIFF file and an MP4 box must hold it. */
export const MAX_OUTPUT_BYTES = 2 ** 32 - 1;
/** A PNG chunk holds at most 2^31 − 1 bytes of data. */
const MAX_PNG_CHUNK_DATA = 2 ** 31 - 1;
const PNG_CHUNK_OVERHEAD = 12;

function u32be(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

function* mp4(natural: Buffer, extra: number, seed: number): Generator<Buffer> {
  yield natural;
  yield Buffer.concat([u32be(extra), Buffer.from('free', 'latin1')]);
  yield* filler(extra - 8, seed);
}

function* wav(natural: Buffer, extra: number, seed: number): Generator<Buffer> {
  // RIFF chunks are even-sized: an odd filler gets its pad byte, which the chunk's size does not count.
  const payload = (extra - 8) % 2 === 0 ? extra - 8 : extra - 9;
  const head = Buffer.from(natural);
  head.writeUInt32LE(head.readUInt32LE(4) + extra, 4);
  yield head;
  const header = Buffer.alloc(8);
  header.write('JUNK', 0, 'latin1');
  header.writeUInt32LE(payload, 4);
  yield header;
  yield* filler(payload, seed);
  if (payload !== extra - 8) yield Buffer.alloc(1);
}

/** The whole sizes (header and CRC included) of the chunks that make `extra` bytes: even, none too big. */
export function pngChunkSizes(extra: number, maxData = MAX_PNG_CHUNK_DATA): number[] {
  const count = Math.ceil(extra / (maxData + PNG_CHUNK_OVERHEAD));
  const base = Math.floor(extra / count);
  return Array.from({ length: count }, (_unused, index) => base + (index < extra % count ? 1 : 0));
}

function* png(natural: Buffer, extra: number, seed: number, maxData?: number): Generator<Buffer> {
  const cut = natural.length - PNG_CHUNK_OVERHEAD;
  yield natural.subarray(0, cut);
  // "paDd": ancillary (decoders skip it), private, reserved bit clear, safe to copy.
  const type = Buffer.from('paDd', 'latin1');
  let chunkSeed = seed;
  for (const size of pngChunkSizes(extra, maxData)) {
    const data = size - PNG_CHUNK_OVERHEAD;
    yield u32be(data);
    yield type;
    let crc = crc32(type);
    for (const part of filler(data, chunkSeed++)) {
      crc = crc32(part, crc);
      yield part;
    }
    yield u32be(crc);
  }
  yield natural.subarray(cut);
}

function* json(natural: Buffer, extra: number, seed: number): Generator<Buffer> {
  yield natural;
  yield* filler(extra, seed, jsonWhitespace);
}

const endsWithIend = (bytes: Buffer): boolean =>
  bytes.length >= PNG_CHUNK_OVERHEAD &&
  bytes.toString('latin1', bytes.length - 8, bytes.length - 4) === 'IEND';

/** The fewest filler bytes each format can hold (a box, chunk or line header). */
const MINIMUM: Readonly<Record<string, number>> = { mp4: 8, wav: 8, png: 12, pdf: 1, json: 1 };

/**
 * The output's parts, `outputBytes` long in all. The natural file alone when no size is asked for, when it
 * is already as large, or when the difference is smaller than the format's smallest filler (a few bytes).
 */
export function paddedParts(
  output: RenderedOutput,
  outputBytes: number | undefined,
  jobId: string,
  options: { maxPngChunkData?: number } = {},
): Iterable<Buffer> {
  const extra = (outputBytes ?? 0) - output.bytes.length;
  const minimum = MINIMUM[output.extension];
  if (outputBytes === undefined || minimum === undefined || extra < minimum) return [output.bytes];
  const seed = fillerSeed(jobId);
  switch (output.extension) {
    case 'mp4':
      return mp4(output.bytes, extra, seed);
    case 'wav':
      return wav(output.bytes, extra, seed);
    case 'png':
      return endsWithIend(output.bytes)
        ? png(output.bytes, extra, seed, options.maxPngChunkData)
        : [output.bytes];
    case 'pdf':
      return padPdf(output.bytes, extra, seed) ?? [output.bytes];
    case 'json':
      return json(output.bytes, extra, seed);
    default:
      return [output.bytes];
  }
}
