// The asset cache in the history database (migration 005), one row per account, storage, kind and file.
import type { Database, Statement } from 'better-sqlite3';
import type { UploadedAsset } from '../../assets/asset-uploader';
import {
  assetCacheEntry,
  type AssetCacheKey,
  type AssetCacheEntry,
  type AssetCacheStore,
  type CachedAsset,
} from '../../storage/asset-cache';

interface Row {
  url: string;
  ref: string | null;
  stored_ms: number;
  expires_ms: number;
}

export class SqliteAssetCache implements AssetCacheStore {
  private readonly find: Statement<[string, string, string, string]>;
  private readonly write: Statement<AssetCacheEntry>;
  private readonly forget: Statement<[string]>;

  constructor(db: Database) {
    this.find = db.prepare(
      `SELECT url, ref, stored_ms, expires_ms FROM asset_cache
       WHERE account_id = ? AND storage = ? AND kind = ? AND sha256 = ?`,
    );
    this.write = db.prepare(
      `INSERT INTO asset_cache (account_id, storage, kind, sha256, url, ref, stored_ms, expires_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account_id, storage, kind, sha256) DO UPDATE SET
         url = excluded.url, ref = excluded.ref, stored_ms = excluded.stored_ms, expires_ms = excluded.expires_ms`,
    );
    this.forget = db.prepare(`DELETE FROM asset_cache WHERE account_id = ?`);
  }

  async get(key: AssetCacheKey): Promise<CachedAsset | null> {
    const row = this.find.get(key.accountId, key.storage, key.kind, key.sha256) as Row | undefined;
    return row ? { url: row.url, ref: row.ref, storedAt: row.stored_ms, expiresAt: row.expires_ms } : null;
  }

  /** Only links whose expiry is known are kept (assetCacheEntry). */
  async put(key: AssetCacheKey, uploaded: UploadedAsset, now: number): Promise<void> {
    const entry = assetCacheEntry(key, uploaded, now);
    if (entry) this.write.run(...entry);
  }

  async removeAccount(accountId: string): Promise<void> {
    this.forget.run(accountId);
  }
}
