// The sandbox's object storage: outputs (and uploads), each owned by one account. The metadata is a row in
// SQLite, the bytes a file in the files folder (file-folder.ts): a blob could not exceed about 536 MB,
// and serving one meant holding it whole in memory. The row is written only once its file is complete.
import { moveBlobsOut } from './blob-migration';
import type { SandboxDb } from './db';
import { FileFolder } from './file-folder';

export interface NewFile {
  key: string;
  accountId: string;
  contentType: string;
}

export interface StoredFile extends NewFile {
  etag: string;
  size: number;
  /** Where the bytes are on disk. */
  path: string;
}

interface FileRecord {
  key: string;
  account_id: string;
  content_type: string;
  etag: string;
  size: number;
  disk_name: string;
}

export class FileStore {
  private readonly folder: FileFolder;

  /** `dataDir` null (an in-memory sandbox): the bytes go to a temporary folder that dispose() removes. */
  constructor(
    private readonly db: SandboxDb,
    dataDir: string | null,
  ) {
    this.folder = FileFolder.open(dataDir);
    moveBlobsOut(db, this.folder);
    const names = db.prepare<[], { disk_name: string }>('SELECT disk_name FROM stored_files').all();
    this.folder.sweep(new Set(names.map((row) => row.disk_name)));
  }

  /** Stores a small body that is already in memory (an upload). */
  put(file: NewFile & { bytes: Buffer }): Promise<StoredFile> {
    const { bytes, ...meta } = file;
    return this.write(meta, [bytes]);
  }

  /** Stores a body given in parts (an output of any size), never holding more than one part in memory. */
  async write(file: NewFile, parts: Iterable<Buffer> | AsyncIterable<Buffer>): Promise<StoredFile> {
    const written = await this.folder.write(parts);
    const previous = this.db
      .prepare<[string], { disk_name: string }>('SELECT disk_name FROM stored_files WHERE key = ?')
      .get(file.key);
    this.db
      .prepare(
        `INSERT OR REPLACE INTO stored_files (key, account_id, content_type, etag, size, disk_name, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        file.key,
        file.accountId,
        file.contentType,
        written.etag,
        written.size,
        written.name,
        new Date().toISOString(),
      );
    // The same key stored again (a requeued job's new output): the old bytes go. A download still reading
    // them keeps its open file on POSIX.
    if (previous) this.folder.remove(previous.disk_name);
    return { ...file, etag: written.etag, size: written.size, path: this.folder.pathOf(written.name) };
  }

  get(key: string): StoredFile | undefined {
    const row = this.db.prepare<[string], FileRecord>('SELECT * FROM stored_files WHERE key = ?').get(key);
    if (!row) return undefined;
    return {
      key: row.key,
      accountId: row.account_id,
      contentType: row.content_type,
      etag: row.etag,
      size: row.size,
      path: this.folder.pathOf(row.disk_name),
    };
  }

  /** The folder holding the bytes (the inspector shows it to tests). */
  get dir(): string {
    return this.folder.dir;
  }

  keys(): string[] {
    return this.db
      .prepare<[], { key: string }>('SELECT key FROM stored_files ORDER BY rowid')
      .all()
      .map((row) => row.key);
  }

  /** Removes the temporary folder of an in-memory sandbox; a data folder's files stay. */
  dispose(): void {
    this.folder.dispose();
  }
}
