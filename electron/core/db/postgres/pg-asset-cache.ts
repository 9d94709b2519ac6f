// The asset cache in the team history: uploads already made, per account, storage, kind and content, so a
// colleague's upload of the same file (with a link still good) is not sent again.
import type { UploadedAsset } from '../../assets/asset-uploader';
import {
  assetCacheEntry,
  type AssetCacheKey,
  type AssetCacheStore,
  type CachedAsset,
} from '../../storage/asset-cache';
import { num } from '../row-mappers';
import type { PgAccess } from './pg-access';

interface PgAssetRow {
  url: string;
  ref: string | null;
  stored_ms: number | string;
  expires_ms: number | string;
}

function cachedAssetOf(row: PgAssetRow): CachedAsset {
  return { url: row.url, ref: row.ref, storedAt: num(row.stored_ms), expiresAt: num(row.expires_ms) };
}

export class PgAssetCache implements AssetCacheStore {
  constructor(private readonly db: PgAccess) {}

  async get(key: AssetCacheKey): Promise<CachedAsset | null> {
    const [row] = await this.db.read<PgAssetRow>(
      `SELECT url, ref, stored_ms, expires_ms FROM asset_cache
       WHERE account_id = $1 AND storage = $2 AND kind = $3 AND sha256 = $4`,
      [key.accountId, key.storage, key.kind, key.sha256],
    );
    return row ? cachedAssetOf(row) : null;
  }

  /** Only links whose expiry is known are kept (assetCacheEntry). */
  async put(key: AssetCacheKey, uploaded: UploadedAsset, now: number): Promise<void> {
    const entry = assetCacheEntry(key, uploaded, now);
    if (!entry) return;
    await this.db.write(
      `INSERT INTO asset_cache (account_id, storage, kind, sha256, url, ref, stored_ms, expires_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (account_id, storage, kind, sha256) DO UPDATE SET
         url = excluded.url, ref = excluded.ref, stored_ms = excluded.stored_ms, expires_ms = excluded.expires_ms`,
      entry,
    );
  }

  async removeAccount(accountId: string): Promise<void> {
    await this.db.write(`DELETE FROM asset_cache WHERE account_id = $1`, [accountId]);
  }
}
