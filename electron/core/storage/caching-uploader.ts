// An account's uploader with the content-hash cache in front: a file whose content was stored before (in
// this session or an earlier one) is answered from the cache; a link nearing its expiry is signed anew
// where the storage can (S3), else the file is sent again; the same content asked twice at once is sent
// once. What was actually sent is counted, for the import's report and the benchmark.
import { createHash } from 'node:crypto';
import type { UploadAsset, UploadCapability } from '../../shared/domain/asset';
import type { Clock } from '../kernel/ports';
import type { AssetUploader, UploadedAsset } from '../assets/asset-uploader';
import type { AssetCacheStore, CachedAsset } from './asset-cache';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A cached link is used while more than half its life, and at most a day, remains: a job queued behind a
 * long batch still finds its file. Past that it is renewed.
 */
export function isFresh(cached: CachedAsset, now: number): boolean {
  const margin = Math.min(DAY_MS, (cached.expiresAt - cached.storedAt) / 2);
  return cached.expiresAt - now > margin;
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export class CachingUploader implements AssetUploader {
  private readonly inFlight = new Map<string, Promise<UploadedAsset>>();
  /** Links of unknown life are not written to the cache, but are used again within this uploader's work. */
  private readonly unknownLife = new Map<string, UploadedAsset>();
  /** Files actually sent, and links signed anew without sending. */
  readonly counts = { sent: 0, relinked: 0, reused: 0 };

  constructor(
    private readonly inner: AssetUploader,
    private readonly cache: AssetCacheStore,
    private readonly where: { accountId: string; storage: string },
    private readonly clock: Clock,
  ) {}

  capability(): UploadCapability {
    return this.inner.capability();
  }

  upload(asset: UploadAsset): Promise<UploadedAsset> {
    const key = { ...this.where, kind: asset.kind, sha256: sha256Of(asset.bytes) };
    const id = `${key.kind}:${key.sha256}`;
    const running = this.inFlight.get(id);
    if (running) return running;
    const known = this.unknownLife.get(id);
    if (known) {
      this.counts.reused += 1;
      return Promise.resolve(known);
    }
    const work = this.resolve(asset, key).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, work);
    return work;
  }

  private async resolve(
    asset: UploadAsset,
    key: { accountId: string; storage: string; kind: string; sha256: string },
  ): Promise<UploadedAsset> {
    const cached = await this.cache.get(key);
    if (cached && isFresh(cached, this.clock.now())) {
      this.counts.reused += 1;
      return { url: cached.url, expiresAt: cached.expiresAt, ...(cached.ref ? { ref: cached.ref } : {}) };
    }
    let uploaded: UploadedAsset;
    if (cached?.ref && this.inner.relink) {
      uploaded = await this.inner.relink(cached.ref);
      this.counts.relinked += 1;
    } else {
      uploaded = await this.inner.upload(asset);
      this.counts.sent += 1;
    }
    await this.cache.put(key, uploaded, this.clock.now());
    if (uploaded.expiresAt === undefined) this.unknownLife.set(`${key.kind}:${key.sha256}`, uploaded);
    return uploaded;
  }
}
