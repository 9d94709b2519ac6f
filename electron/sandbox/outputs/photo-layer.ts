// The job's own photo as the background of its image output: covering the canvas, darkened so that the
// text over it stays readable. Skipped (the job's colour shows instead) when it cannot be shown cheaply.
import type { JimpInstance } from 'jimp';
import { photoSize } from './photo-size';

/**
 * The sandbox runs inside the app's main process, and jimp decodes synchronously at about 0.3 s per
 * megapixel: a phone's 12-megapixel photo would freeze the app for seconds. Up to about 1500 × 1000.
 */
export const MAX_PHOTO_PIXELS = 1_500_000;

export async function photoLayer(
  photo: Buffer | null | undefined,
  width: number,
  height: number,
): Promise<JimpInstance | null> {
  if (!photo) return null;
  const size = photoSize(photo);
  if (!size || size.width * size.height > MAX_PHOTO_PIXELS) return null;
  const { Jimp } = await import('jimp');
  // One that passed the worker's check but does not decode (a truncated file, a format jimp lacks) is
  // left out rather than failing the job over it.
  const image = (await Jimp.read(photo).catch(() => null)) as JimpInstance | null;
  if (!image) return null;
  image.cover({ w: width, h: height });
  image.brightness(0.6);
  return image;
}
