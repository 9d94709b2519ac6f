// Uploads to an S3-compatible bucket with the AWS SDK v3: each file under a key made of its content's
// SHA-256 (the same file asked again is found there, not sent twice), multipart for large files
// (@aws-sdk/lib-storage), and a presigned GET link with the configured lifetime for the job to name.
import { createHash } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assetProblem, type UploadAsset, type UploadCapability } from '../../shared/domain/asset';
import { contentProblem, SNIFF_BYTES } from '../../shared/domain/asset-content';
import type { ConnectionTest, S3Settings } from '../../shared/domain/storage';
import { AppError } from '../kernel/app-error';
import type { AssetUploader, UploadedAsset } from '../assets/asset-uploader';
import { s3Error } from './s3-errors';

const DAY_S = 24 * 60 * 60;

export interface S3StorageOptions {
  /** Multipart part size (default 8 MiB; S3's minimum is 5 MiB). */
  partSize?: number;
  /** The signing time of presigned links (tests sign in the past to see one expire). */
  now?: () => Date;
}

/** The file's extension, kept on its key so that servers and browsers know its type; else none. */
const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

export class S3Storage implements AssetUploader {
  private readonly client: S3Client;
  /** Objects actually sent (a content already in the bucket is not): what dedupe saves shows here. */
  sent = 0;

  constructor(
    private readonly settings: S3Settings,
    secret: string,
    private readonly options: S3StorageOptions = {},
  ) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.pathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: secret },
      // The SDK's newer default (CRC32 checksums in aws-chunked bodies) is refused or stored wrongly by
      // many S3-compatible servers (MinIO before 2024, B2, R2 in places, s3rver): checksums only when the
      // operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  capability(): UploadCapability {
    return { available: true };
  }

  /** Named by content only: the same bytes under any name, from any session, are one object. */
  keyOf(bytes: Uint8Array, name: string): string {
    const hash = createHash('sha256').update(bytes).digest('hex');
    const prefix = this.settings.prefix.replace(/^\/+|\/+$/g, '');
    const ext = extensionOf(name);
    return `${prefix ? `${prefix}/` : ''}${hash}${ext ? `.${ext}` : ''}`;
  }

  /** A presigned GET link of the object, living the configured number of days. */
  async linkOf(key: string): Promise<string> {
    return (await this.relink(key)).url;
  }

  /** The object signed anew: no bytes sent, only a new link (and when it lapses). */
  async relink(key: string): Promise<UploadedAsset> {
    const signedAt = this.options.now?.() ?? new Date();
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      { expiresIn: this.settings.lifetimeDays * DAY_S, signingDate: signedAt },
    );
    return { url, expiresAt: signedAt.getTime() + this.settings.lifetimeDays * DAY_S * 1000, ref: key };
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as Error).name === 'NotFound') return false;
      throw s3Error(error, this.settings, 'Reading an object');
    }
  }

  async upload(asset: UploadAsset): Promise<UploadedAsset> {
    const problem =
      assetProblem(asset.kind, { name: asset.name, type: asset.mimeType, size: asset.bytes.byteLength }) ??
      contentProblem(asset.kind, asset.name, asset.bytes.subarray(0, SNIFF_BYTES));
    if (problem) throw new AppError('invalid-input', problem);
    const key = this.keyOf(asset.bytes, asset.name);
    if (!(await this.exists(key))) {
      this.sent += 1;
      try {
        await new Upload({
          client: this.client,
          params: { Bucket: this.settings.bucket, Key: key, Body: asset.bytes, ContentType: asset.mimeType },
          partSize: Math.max(5 * 1024 * 1024, this.options.partSize ?? 8 * 1024 * 1024),
          queueSize: 4,
        }).done();
      } catch (error) {
        throw s3Error(error, this.settings, `The upload of ${asset.name}`);
      }
    }
    return this.relink(key);
  }

  /** Uploads a small object, reads it back and deletes it; says what went wrong, and what to do. */
  async testConnection(): Promise<ConnectionTest> {
    const body = `Job Rendering Studio connection test ${new Date().toISOString()}`;
    const key = `${this.settings.prefix ? `${this.settings.prefix.replace(/\/+$/, '')}/` : ''}jrs-connection-test-${Date.now()}.txt`;
    const bucket = this.settings.bucket;
    try {
      await new Upload({
        client: this.client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: 'text/plain' },
      }).done();
    } catch (error) {
      return { ok: false, message: s3Error(error, this.settings, 'Writing a test object').message };
    }
    try {
      const read = await this.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if ((await read.Body?.transformToString()) !== body) {
        return {
          ok: false,
          message: `The test object read back from “${bucket}” was not what was written. Check the endpoint.`,
        };
      }
      await this.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      return {
        ok: false,
        message: s3Error(error, this.settings, 'Reading back and deleting a test object').message,
      };
    }
    return {
      ok: true,
      message: `Wrote, read back and deleted a test object in “${bucket}” at ${this.settings.endpoint}.`,
    };
  }

  dispose(): void {
    this.client.destroy();
  }
}
