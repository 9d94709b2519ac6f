// What a zip (an .xlsx is one) says it holds, read from its central directory without inflating anything,
// and one part inflated with a ceiling. Hand-written on purpose: the zip readers in node_modules either
// inflate every part as they open the file (SheetJS's CFB) or come only with the build tools (unzipper);
// the directory is a fixed-layout table (PKWARE APPNOTE 4.3.12-4.3.16), zip64 sizes included.
import { constants, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** General purpose flags: bit 0 is encryption. */
  flags: number;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** What the directory says the part inflates to. */
  size: number;
  localOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX32 = 0xffffffff;

/** Thrown when the bytes are not a zip whose directory can be read. */
export class NotAZip extends Error {}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A 64-bit size read as a number; anything past 2^53 is refused anyway (far past every limit). */
function u64(data: DataView, at: number): number {
  return data.getUint32(at, true) + data.getUint32(at + 4, true) * 2 ** 32;
}

function findEnd(data: DataView): number {
  // The end record is 22 bytes, followed by a comment of at most 65,535 bytes.
  const last = data.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at -= 1) {
    if (data.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new NotAZip('no end of central directory');
}

/** Every part's directory entry, or NotAZip when the directory is missing or runs past the file. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  if (bytes.byteLength < 22) throw new NotAZip('too short');
  const data = view(bytes);
  const end = findEnd(data);
  let count = data.getUint16(end + 10, true);
  let directorySize = data.getUint32(end + 12, true);
  let directoryOffset = data.getUint32(end + 16, true);
  const locator = end - 20;
  if (locator >= 0 && data.getUint32(locator, true) === ZIP64_LOCATOR) {
    const zip64End = u64(data, locator + 8);
    if (zip64End + 56 > data.byteLength || data.getUint32(zip64End, true) !== ZIP64_END) {
      throw new NotAZip('zip64 end record missing');
    }
    count = u64(data, zip64End + 32);
    directorySize = u64(data, zip64End + 40);
    directoryOffset = u64(data, zip64End + 48);
  }
  if (directoryOffset + directorySize > data.byteLength) throw new NotAZip('directory past the end');
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > data.byteLength || data.getUint32(at, true) !== DIRECTORY_ENTRY) {
      throw new NotAZip('directory entry damaged');
    }
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > data.byteLength) throw new NotAZip('directory entry past the end');
    const entry: ZipEntry = {
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: data.getUint16(at + 8, true),
      method: data.getUint16(at + 10, true),
      compressedSize: data.getUint32(at + 20, true),
      size: data.getUint32(at + 24, true),
      localOffset: data.getUint32(at + 42, true),
    };
    readZip64Sizes(data, at + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** The zip64 extra field holds, in order, each of the three values that is 0xFFFFFFFF in the entry. */
function readZip64Sizes(data: DataView, start: number, length: number, entry: ZipEntry): void {
  for (let at = start; at + 4 <= start + length;) {
    const id = data.getUint16(at, true);
    const size = data.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const take = () => {
        const value = field + 8 <= at + 4 + size ? u64(data, field) : Number.MAX_SAFE_INTEGER;
        field += 8;
        return value;
      };
      if (entry.size === MAX32) entry.size = take();
      if (entry.compressedSize === MAX32) entry.compressedSize = take();
      if (entry.localOffset === MAX32) entry.localOffset = take();
      return;
    }
    at += 4 + size;
  }
}

/** The part's compressed bytes, found through its local header. */
function packedBytes(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = view(bytes);
  const at = entry.localOffset;
  if (at + 30 > bytes.byteLength || data.getUint32(at, true) !== LOCAL_HEADER) {
    throw new NotAZip(`local header of ${entry.name} missing`);
  }
  const start = at + 30 + data.getUint16(at + 26, true) + data.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.byteLength) throw new NotAZip(`${entry.name} runs past the end`);
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * The part inflated, never to more than `ceiling` bytes: a part that inflates past it (a directory that
 * lies about its size, a zip bomb) throws RangeError instead of taking the memory.
 */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry, ceiling: number): Buffer {
  const packed = packedBytes(bytes, entry);
  if (entry.method === 0) {
    if (packed.byteLength > ceiling) throw new RangeError(`${entry.name} is larger than it says`);
    return Buffer.from(packed);
  }
  if (entry.method !== 8) throw new NotAZip(`${entry.name} uses compression method ${entry.method}`);
  // A ceiling of 0 would mean "no limit" to zlib.
  return inflateRawSync(packed, { maxOutputLength: Math.max(1, ceiling) });
}

/** The first bytes of a part (at most about `upTo`), inflated from a small slice of it, for its header. */
export function peekEntry(bytes: Uint8Array, entry: ZipEntry, upTo = 64 * 1024): Buffer {
  const packed = packedBytes(bytes, entry);
  if (entry.method === 0) return Buffer.from(packed.subarray(0, upTo));
  if (entry.method !== 8) throw new NotAZip(`${entry.name} uses compression method ${entry.method}`);
  // A slice of a deflate stream inflates (with a sync flush, not a finish) to what it holds; each
  // compressed byte gives at most 1,032, so 4 KB in is at most about 4 MB out.
  const slice = packed.subarray(0, 4096);
  try {
    return inflateRawSync(slice, { finishFlush: constants.Z_SYNC_FLUSH }).subarray(0, upTo);
  } catch {
    return Buffer.alloc(0);
  }
}
