// The last word on a dropped file, after its first bytes passed (asset-content.ts): does it really open?
// An image is decoded to its dimensions, an audio file read to its duration, by the browser's own
// decoders; a file that claims the right format but is damaged inside is refused here, before uploading.
// The page has these decoders; jsdom (the component tests) has neither, so tests install their own
// through setAssetDecoder, as they install a fake API.
import type { AssetKind } from '../../../electron/shared/domain/asset';

export type DecodedAsset =
  { kind: 'image'; width: number; height: number } | { kind: 'audio'; seconds: number };

export type AssetDecoder = (kind: AssetKind, file: File) => Promise<DecodedAsset>;

async function decodeImage(file: File): Promise<DecodedAsset> {
  const bitmap = await createImageBitmap(file);
  try {
    return { kind: 'image', width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

function decodeAudio(file: File): Promise<DecodedAsset> {
  const url = URL.createObjectURL(file);
  const audio = new Audio();
  return new Promise<DecodedAsset>((resolve, reject) => {
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => {
      // A stream without a length reports Infinity; a damaged one NaN or 0.
      if (Number.isFinite(audio.duration) && audio.duration > 0)
        resolve({ kind: 'audio', seconds: audio.duration });
      else reject(new Error('no duration'));
    };
    audio.onerror = () => reject(new Error('not playable'));
    audio.src = url;
  }).finally(() => {
    audio.removeAttribute('src');
    URL.revokeObjectURL(url);
  });
}

const browserDecoder: AssetDecoder = (kind, file) =>
  kind === 'image' ? decodeImage(file) : decodeAudio(file);

let decoder: AssetDecoder = browserDecoder;

/** For component tests, where the page's decoders do not exist. */
export function setAssetDecoder(replacement: AssetDecoder | null): void {
  decoder = replacement ?? browserDecoder;
}

/** What the file is (dimensions or duration), or a sentence saying it does not open. */
export async function decodeAsset(kind: AssetKind, file: File): Promise<DecodedAsset | { problem: string }> {
  try {
    return await decoder(kind, file);
  } catch {
    return {
      problem:
        kind === 'image'
          ? `${file.name} could not be opened as an image: it is damaged, or not really the format its name says. Export it again, or choose another file.`
          : `${file.name} could not be played as audio: it is damaged, or not really the format its name says. Export it again, or choose another file.`,
    };
  }
}

/** "1200×800" or "0:42", for the upload's status line. */
export function decodedWords(decoded: DecodedAsset): string {
  if (decoded.kind === 'image') return `${decoded.width}×${decoded.height}`;
  const total = Math.round(decoded.seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
