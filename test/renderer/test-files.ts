// Files for the renderer tests whose content is what their names say (the form checks the first bytes),
// and the decoder the tests install in place of the page's (jsdom decodes neither images nor audio): it
// reads a PNG's dimensions from its IHDR header and an MP3's or WAV's length from a marker the files here
// carry, and refuses anything else, as a browser refuses a damaged file.
import type { AssetDecoder } from '../../src/features/job-form/decode-asset';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function u32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

/** A PNG header (signature and IHDR) of the given size, padded to `bytes`. */
export function pngBytes(width = 64, height = 48, bytes = 64): Uint8Array<ArrayBuffer> {
  const head = [
    ...PNG_SIGNATURE,
    ...u32(13),
    0x49,
    0x48,
    0x44,
    0x52,
    ...u32(width),
    ...u32(height),
    8,
    6,
    0,
    0,
    0,
  ];
  return new Uint8Array([...head, ...new Array<number>(Math.max(0, bytes - head.length)).fill(0)]);
}

export function png(name = 'photo.png', width = 64, height = 48): File {
  return new File([pngBytes(width, height)], name, { type: 'image/png' });
}

/** An MP3 (ID3 tag) or WAV (RIFF/WAVE) file; the test decoder reads its length from byte 12. */
export function audio(name: string, seconds = 42): File {
  const wav = name.toLowerCase().endsWith('.wav');
  const head = wav ? [...'RIFF'].map((c) => c.charCodeAt(0)) : [0x49, 0x44, 0x33, 4];
  const body = wav ? [0, 0, 0, 0, ...[...'WAVE'].map((c) => c.charCodeAt(0))] : [0, 0, 0, 0, 0, 0, 0, 0];
  return new File([new Uint8Array([...head, ...body, seconds])], name, {
    type: wav ? 'audio/wav' : 'audio/mpeg',
  });
}

export const testDecoder: AssetDecoder = async (kind, file) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (kind === 'image') {
    const isPng = PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
    const ihdr = String.fromCharCode(...bytes.slice(12, 16)) === 'IHDR';
    if (!isPng || !ihdr) throw new Error('not decodable');
    const view = new DataView(bytes.buffer);
    return { kind: 'image', width: view.getUint32(16), height: view.getUint32(20) };
  }
  const seconds = bytes[12] ?? 0;
  if (seconds === 0) throw new Error('not playable');
  return { kind: 'audio', seconds };
};
