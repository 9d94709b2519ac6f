// The asset cache port: the uploads already made, by content, per account and storage: each file's SHA-256,
// the link it was given and when that link lapses. Written the moment an upload ends, so that after a crash
// or a restart the same files are not sent again.
import type { UploadedAsset } from '../assets/asset-uploader';

export interface CachedAsset {
  url: string;
  ref: string | null;
  storedAt: number;
  expiresAt: number;
}

export interface AssetCacheKey {
  accountId: string;
  /** Which storage holds it: `default` (the account's own) or an S3 bucket and prefix. */
  storage: string;
  kind: string;
  sha256: string;
}

export interface AssetCacheStore {
  get(key: AssetCacheKey): Promise<CachedAsset | null>;
  /** Only links whose expiry is known are kept: one of unknown life could lapse under a queued job. */
  put(key: AssetCacheKey, uploaded: UploadedAsset, now: number): Promise<void>;
  removeAccount(accountId: string): Promise<void>;
}

/** An upload as one cache entry's values, in column order; null when it is not to be kept. */
export type AssetCacheEntry = [string, string, string, string, string, string | null, number, number];

/** Only links whose expiry is known are kept: one of unknown life could lapse under a queued job. */
export function assetCacheEntry(
  key: AssetCacheKey,
  uploaded: UploadedAsset,
  now: number,
): AssetCacheEntry | null {
  if (uploaded.expiresAt === undefined || uploaded.expiresAt <= now) return null;
  return [
    key.accountId,
    key.storage,
    key.kind,
    key.sha256,
    uploaded.url,
    uploaded.ref ?? null,
    now,
    uploaded.expiresAt,
  ];
}
