// The gallery of results: what kind of file a finished job's output is (from its name, as the downloads
// record it), and the small picture core makes of it for the gallery, or why it made none.
import { z } from 'zod';

export const OUTPUT_KINDS = ['image', 'video', 'audio', 'pdf', 'other'] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

const KIND_OF_EXTENSION: Readonly<Record<string, OutputKind>> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  mp4: 'video',
  m4v: 'video',
  webm: 'video',
  mov: 'video',
  wav: 'audio',
  mp3: 'audio',
  m4a: 'audio',
  ogg: 'audio',
  flac: 'audio',
  pdf: 'pdf',
};

/** The kind of a saved file by its extension (the service names its outputs so); 'other' for the rest. */
export function outputKindOf(path: string): OutputKind {
  const name = path.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'other';
  return KIND_OF_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? 'other';
}

/** Kinds core makes a picture of (audio has none: the gallery plays it). */
export const PICTURED_KINDS: readonly OutputKind[] = ['image', 'video', 'pdf'];

/** The longest side of a thumbnail, in pixels: a few sizes only, so the cache stays small. */
export const THUMBNAIL_SIZES = [160, 320, 640] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/**
 * Why no picture was made: no-tool (ffmpeg or pdftoppm is not installed: the page shows the file its own
 * way), unsupported (a kind with no picture), failed (the tool could not read the file, or took too long).
 */
export const THUMBNAIL_FALLBACKS = ['no-tool', 'unsupported', 'failed'] as const;
export type ThumbnailFallback = (typeof THUMBNAIL_FALLBACKS)[number];

/** A PNG's bytes in base64 (every bridge carries that as it is), or the fallback with its reason in words. */
export const thumbnailSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('picture'), mimeType: z.literal('image/png'), base64: z.string() }),
  z.object({ kind: z.literal('fallback'), reason: z.enum(THUMBNAIL_FALLBACKS), message: z.string() }),
]);
export type Thumbnail = z.infer<typeof thumbnailSchema>;
