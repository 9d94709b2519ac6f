// The sandbox's object storage: outputs (and uploads), each owned by one account, kept in SQLite.
import { createHash } from 'node:crypto';
import type { SandboxDb } from './db';

export interface StoredFile {
  key: string;
  accountId: string;
  contentType: string;
  etag: string;
  bytes: Buffer;
}

interface FileRecord {
  key: string;
  account_id: string;
  content_type: string;
  etag: string;
  bytes: Buffer;
}

export class FileStore {
  constructor(private readonly db: SandboxDb) {}

  put(file: Omit<StoredFile, 'etag'>): StoredFile {
    const etag = `"${createHash('sha256').update(file.bytes).digest('hex').slice(0, 32)}"`;
    this.db
      .prepare(
        `INSERT OR REPLACE INTO files (key, account_id, content_type, etag, bytes, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(file.key, file.accountId, file.contentType, etag, file.bytes, new Date().toISOString());
    return { ...file, etag };
  }

  get(key: string): StoredFile | undefined {
    const row = this.db.prepare<[string], FileRecord>('SELECT * FROM files WHERE key = ?').get(key);
    if (!row) return undefined;
    return {
      key: row.key,
      accountId: row.account_id,
      contentType: row.content_type,
      etag: row.etag,
      bytes: row.bytes,
    };
  }

  keys(): string[] {
    return this.db
      .prepare<[], { key: string }>('SELECT key FROM files ORDER BY rowid')
      .all()
      .map((row) => row.key);
  }
}
