// Uploads of files dropped into image and audio fields. The sandbox account hosts them itself; other
// accounts need asset storage (S3-compatible storage arrives with batches), so until then they take URLs.
import { assetProblem, type UploadAsset, type UploadCapability } from '../../shared/domain/asset';
import { SNIFF_BYTES, contentProblem } from '../../shared/domain/asset-content';
import { isApiError } from '../api';
import type { ApiClient } from '../api';
import { AppError } from '../kernel/app-error';

/** Where an uploaded file can be fetched, until when, and the storage's own name for it (to sign anew). */
export interface UploadedAsset {
  url: string;
  /** When the link stops working (ms since the epoch), where the storage says; else unknown. */
  expiresAt?: number;
  /** The storage's key of the object, for `relink`. */
  ref?: string;
}

export interface AssetUploader {
  capability(): UploadCapability;
  upload(asset: UploadAsset): Promise<UploadedAsset>;
  /** A fresh link to an object already stored (a presigned URL signed anew), where the storage can. */
  relink?(ref: string): Promise<UploadedAsset>;
}

/** The expiry a signed link carries in its `expires` parameter (the sandbox's links: ms since the epoch). */
export function linkExpiry(url: string): number | undefined {
  try {
    const expires = new URL(url).searchParams.get('expires');
    return expires && /^\d{10,16}$/.test(expires) ? Number(expires) : undefined;
  } catch {
    return undefined;
  }
}

export const NO_STORAGE_REASON =
  'File uploads need asset storage, which is not configured for this account yet. ' +
  'Paste the public https address of the file instead.';

export class NoStorageUploader implements AssetUploader {
  capability(): UploadCapability {
    return { available: false, reason: NO_STORAGE_REASON };
  }

  async upload(): Promise<{ url: string }> {
    throw new AppError('storage', NO_STORAGE_REASON);
  }
}

/** Uploads of up to 50 MB take longer than the client's default 30 s per attempt. */
export const UPLOAD_TIMEOUT_MS = 60_000;

/** The one call of the API client the sandbox uploader needs (a whole ApiClient fits). */
export type SandboxUploadClient = Pick<ApiClient, 'uploadSandboxAsset'>;

export interface SandboxUploaderOptions {
  /** Per attempt; default UPLOAD_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * Sends the file to the sandbox's /sandbox/uploads through the account's API client (its timeouts,
 * write retry rules, key redaction and body caps) and answers the signed link.
 */
export class SandboxUploader implements AssetUploader {
  private readonly client: SandboxUploadClient;
  private readonly timeoutMs: number;

  constructor(client: SandboxUploadClient, options: SandboxUploaderOptions = {}) {
    this.client = client;
    this.timeoutMs = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
  }

  capability(): UploadCapability {
    return { available: true };
  }

  async upload(asset: UploadAsset): Promise<UploadedAsset> {
    const problem = assetProblem(asset.kind, {
      name: asset.name,
      type: asset.mimeType,
      size: asset.bytes.byteLength,
    });
    if (problem) throw new AppError('invalid-input', problem);
    // The content, not just the name: a zero-filled "photo.png" is refused before anything is sent.
    const content = contentProblem(asset.kind, asset.name, asset.bytes.subarray(0, SNIFF_BYTES));
    if (content) throw new AppError('invalid-input', content);
    const type = asset.mimeType || (asset.kind === 'image' ? 'image/png' : 'audio/mpeg');
    try {
      const { url } = await this.client.uploadSandboxAsset(asset.bytes, asset.name, type, {
        timeoutMs: this.timeoutMs,
      });
      return { url, expiresAt: linkExpiry(url) };
    } catch (error) {
      throw uploadError(asset.name, error);
    }
  }
}

/**
 * The same sentences as when the uploader called fetch itself: the sandbox was not reached, or it refused
 * the file, in its own words when it gave any.
 */
function uploadError(name: string, error: unknown): AppError {
  if (!isApiError(error)) {
    return new AppError('internal', `The upload of ${name} failed unexpectedly.`, { cause: error });
  }
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'aborted') {
    return new AppError('network', `The upload of ${name} did not reach the sandbox. Try again.`, {
      cause: error,
    });
  }
  if (error.kind === 'bad-request' && error.status === undefined) {
    // Refused before sending: the client's own sentence says what is wrong with the file.
    return new AppError('invalid-input', error.message, { cause: error });
  }
  const reason = error.detail ?? (error.status === undefined ? error.message : `status ${error.status}`);
  return new AppError('storage', `The sandbox did not store ${name}: ${reason}`, { cause: error });
}
