// Uploads of files dropped into image and audio fields. The sandbox account hosts them itself; other
// accounts need asset storage (S3-compatible storage arrives with batches), so until then they take URLs.
import { assetProblem, type UploadAsset, type UploadCapability } from '../../shared/domain/asset';
import { AppError } from '../app/app-error';

export interface AssetUploader {
  capability(): UploadCapability;
  upload(asset: UploadAsset): Promise<{ url: string }>;
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

/** Sends the file to the sandbox's /sandbox/uploads and answers its signed link. */
export class SandboxUploader implements AssetUploader {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 60_000,
  ) {}

  capability(): UploadCapability {
    return { available: true };
  }

  async upload(asset: UploadAsset): Promise<{ url: string }> {
    const problem = assetProblem(asset.kind, {
      name: asset.name,
      type: asset.mimeType,
      size: asset.bytes.byteLength,
    });
    if (problem) throw new AppError('invalid-input', problem);
    const type = asset.mimeType || (asset.kind === 'image' ? 'image/png' : 'audio/mpeg');
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/sandbox/uploads`, {
        method: 'POST',
        headers: {
          'x-api-key': this.apiKey,
          'content-type': type,
          'x-file-name': encodeURIComponent(asset.name),
        },
        body: asset.bytes,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new AppError('network', `The upload of ${asset.name} did not reach the sandbox. Try again.`, {
        cause: error,
      });
    }
    const body = (await response.json().catch(() => null)) as { url?: unknown; message?: unknown } | null;
    if (!response.ok || typeof body?.url !== 'string') {
      const reason = typeof body?.message === 'string' ? body.message : `status ${response.status}`;
      throw new AppError('storage', `The sandbox did not store ${asset.name}: ${reason}`);
    }
    return { url: body.url };
  }
}
