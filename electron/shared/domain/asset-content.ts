// What a file's first bytes say it is, whatever its name: the formats the image and audio fields take, by
// their magic numbers. A zero-filled "photo.png" or an audio file renamed .png is caught here, before any
// upload; the renderer then decodes what passes (dimensions, duration) for the last word.
import { ASSET_RULES, type AssetKind } from './asset';

export interface AssetFormat {
  kind: AssetKind;
  /** The format in words: "PNG", "MP3"… */
  label: string;
  /** False for a format of the kind that the fields do not take (HEIC and AVIF photos). */
  taken?: false;
}

/** ISO media brands of still images (they share "ftyp" with M4A audio). */
const IMAGE_BRANDS: Record<string, string> = {
  avif: 'AVIF',
  avis: 'AVIF',
  heic: 'HEIC',
  heix: 'HEIC',
  hevc: 'HEIC',
  mif1: 'HEIF',
  msf1: 'HEIF',
};

/** How many leading bytes sniffFormat reads. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((char, index) => bytes[at + index] === char.charCodeAt(0));

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

/** The format the bytes start with, or null when none of the fields' formats. */
export function sniffFormat(bytes: Uint8Array): AssetFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', label: 'PNG' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', label: 'JPEG' };
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return { kind: 'image', label: 'GIF' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return { kind: 'image', label: 'WEBP' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return { kind: 'audio', label: 'WAV' };
  if (ascii(bytes, 0, 'ID3')) return { kind: 'audio', label: 'MP3' };
  if (ascii(bytes, 0, 'OggS')) return { kind: 'audio', label: 'OGG' };
  if (ascii(bytes, 0, 'fLaC')) return { kind: 'audio', label: 'FLAC' };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'audio', label: 'WEBM' };
  if (ascii(bytes, 4, 'ftyp')) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    const image = IMAGE_BRANDS[brand];
    return image ? { kind: 'image', label: image, taken: false } : { kind: 'audio', label: 'M4A' };
  }
  const [first = 0, second = 0] = bytes;
  // ADTS AAC: 12 sync bits and layer 00 (FFF1, FFF9); an MPEG audio frame: 11 sync bits, layer not 00.
  if (first === 0xff && (second & 0xf6) === 0xf0) return { kind: 'audio', label: 'AAC' };
  if (first === 0xff && (second & 0xe0) === 0xe0 && (second & 0x06) !== 0)
    return { kind: 'audio', label: 'MP3' };
  return null;
}

function formats(kind: AssetKind): string {
  const names = ASSET_RULES[kind].extensions
    .filter((ext) => ext !== '.jpeg')
    .map((ext) => ext.slice(1).toUpperCase());
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Why the file's content cannot go in a field of this kind, in the person's words; null when it can. */
export function contentProblem(kind: AssetKind, name: string, head: Uint8Array): string | null {
  const format = sniffFormat(head);
  const file = name || 'This file';
  const wanted = kind === 'image' ? 'an image' : 'an audio file';
  if (format?.kind === kind && format.taken === false) {
    return `${file} is a ${format.label} photo, which the service does not take. Export it as ${formats(kind)} first.`;
  }
  if (format?.kind === kind) return null;
  if (format) {
    const found = format.kind === 'image' ? 'an image' : 'an audio file';
    return `${file} is ${found} (${format.label}), not ${wanted}. Choose ${wanted} (${formats(kind)}).`;
  }
  return `${file} is not a readable ${kind === 'image' ? 'image' : 'audio file'}: its content is not ${formats(kind)} (it may be damaged, or another kind of file renamed). Export it again, or choose another file.`;
}
