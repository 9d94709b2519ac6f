// The value an image or audio field holds in a job, in the spec's shapes: `{ image_url }` and
// `{ audio_url, effects: [] }`. Built here only (the form, the CLI and a batch's rows), and read back here
// only (the details and their preview, exports, a form filled from a job).
import type { z } from 'zod';
import type { audioValueSchema, imageValueSchema } from '../api/schemas';
import type { AssetKind } from './asset';

export type AssetValue = z.infer<typeof imageValueSchema> | z.infer<typeof audioValueSchema>;

export function assetValue(kind: AssetKind, url: string): AssetValue {
  return kind === 'image' ? { image_url: url } : { audio_url: url, effects: [] };
}

/** The image or audio address a job's value names, with its kind; null for any other value. */
export function assetOf(value: unknown): { kind: AssetKind; url: string } | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const asset = value as { image_url?: unknown; audio_url?: unknown };
  if (typeof asset.image_url === 'string') return { kind: 'image', url: asset.image_url };
  if (typeof asset.audio_url === 'string') return { kind: 'audio', url: asset.audio_url };
  return null;
}
