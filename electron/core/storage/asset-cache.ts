// The uploads already made, by content, in the history database (migration 005): per account and storage,
// each file's SHA-256, the link it was given and when that link lapses. Written the moment an upload ends,
// so that after a crash or a restart the same files are not sent again.
import type { Database, Statement } from 'better-sqlite3';
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

interface Row {
  url: string;
  ref: string | null;
  stored_ms: number;
  expires_ms: number;
}

export class AssetCache {
  private readonly find: Statement<[string, string, string, string]>;
  private readonly write: Statement<[string, string, string, string, string, string | null, number, number]>;
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

  get(key: AssetCacheKey): CachedAsset | null {
    const row = this.find.get(key.accountId, key.storage, key.kind, key.sha256) as Row | undefined;
    return row ? { url: row.url, ref: row.ref, storedAt: row.stored_ms, expiresAt: row.expires_ms } : null;
  }

  /** Only links whose expiry is known are kept: one of unknown life could lapse under a queued job. */
  put(key: AssetCacheKey, uploaded: UploadedAsset, now: number): void {
    if (uploaded.expiresAt === undefined || uploaded.expiresAt <= now) return;
    this.write.run(
      key.accountId,
      key.storage,
      key.kind,
      key.sha256,
      uploaded.url,
      uploaded.ref ?? null,
      now,
      uploaded.expiresAt,
    );
  }

  removeAccount(accountId: string): void {
    this.forget.run(accountId);
  }
}
