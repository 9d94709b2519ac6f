// Files dropped into image and audio fields: what may be uploaded, and the limits checked before upload.
import { z } from 'zod';

export const ASSET_RULES = {
  image: {
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    extensions: ['.png', '.jpg', '.jpeg', '.webp', '.gif'],
    maxBytes: 20 * 1024 * 1024,
  },
  audio: {
    mimeTypes: [
      'audio/mpeg',
      'audio/wav',
      'audio/x-wav',
      'audio/wave',
      'audio/mp4',
      'audio/aac',
      'audio/ogg',
      'audio/webm',
      'audio/flac',
    ],
    extensions: ['.mp3', '.wav', '.m4a', '.aac', '.ogg', '.webm', '.flac'],
    maxBytes: 50 * 1024 * 1024,
  },
} as const;
export type AssetKind = keyof typeof ASSET_RULES;

/** Why a file cannot be used for a field, or null when it can. */
export function assetProblem(
  kind: AssetKind,
  file: { name: string; type: string; size: number },
): string | null {
  const rules = ASSET_RULES[kind];
  const lower = file.name.toLowerCase();
  const typeOk =
    (rules.mimeTypes as readonly string[]).includes(file.type) ||
    rules.extensions.some((ext) => lower.endsWith(ext));
  if (!typeOk)
    return `${file.name || 'This file'} is not ${kind === 'image' ? 'an image' : 'an audio file'} (use ${rules.extensions.join(', ')}).`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > rules.maxBytes) {
    return `${file.name} is ${(file.size / 1048576).toFixed(1)} MB; the limit is ${rules.maxBytes / 1048576} MB.`;
  }
  return null;
}

export const uploadAssetSchema = z.object({
  kind: z.enum(['image', 'audio']),
  name: z.string().min(1).max(255),
  mimeType: z.string().max(100),
  bytes: z.instanceof(Uint8Array),
});
export type UploadAsset = z.infer<typeof uploadAssetSchema>;

export const uploadCapabilitySchema = z.object({
  available: z.boolean(),
  /** Why uploads are not available, and what to do instead. */
  reason: z.string().optional(),
});
export type UploadCapability = z.infer<typeof uploadCapabilitySchema>;

/**
 * A job's image or audio as fetched by core for the drawer's preview: its checked type (image/* or
 * audio/*, agreeing with its first bytes) and its bytes in base64, which every bridge (Electron's IPC,
 * the browser host's JSON socket, the e2e harness's bindings) carries as it is.
 */
export const assetPreviewSchema = z.object({
  mimeType: z.string().regex(/^(image|audio)\/[\w.+-]+$/),
  base64: z.string(),
});
export type AssetPreview = z.infer<typeof assetPreviewSchema>;
