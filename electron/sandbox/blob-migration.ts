// Data folders from before stored files were files kept them as blobs in a `files` table. On open, each
// blob is written out to the files folder once and its row moved to `stored_files`; then the old table
// goes and the database gives its space back.
import type { SandboxDb } from './db';
import type { FileFolder } from './file-folder';

interface BlobRecord {
  key: string;
  account_id: string;
  content_type: string;
  etag: string;
  bytes: Buffer;
  created_at: string;
}

export function moveBlobsOut(db: SandboxDb, folder: FileFolder): void {
  const old = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'files'")
    .get();
  if (!old) return;
  // One blob in memory at a time: the keys first, then each row by its key.
  const keys = db
    .prepare<[], { key: string }>('SELECT key FROM files ORDER BY rowid')
    .all()
    .map((row) => row.key);
  const read = db.prepare<[string], BlobRecord>('SELECT * FROM files WHERE key = ?');
  const insert = db.prepare(
    `INSERT OR REPLACE INTO stored_files (key, account_id, content_type, etag, size, disk_name, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const forget = db.prepare('DELETE FROM files WHERE key = ?');
  // A crash between the file and this transaction leaves the blob to move again (the file is swept).
  const move = db.transaction((row: BlobRecord, name: string) => {
    insert.run(row.key, row.account_id, row.content_type, row.etag, row.bytes.length, name, row.created_at);
    forget.run(row.key);
  });
  for (const key of keys) {
    const row = read.get(key);
    if (row) move(row, folder.writeSync(row.bytes));
  }
  db.exec('DROP TABLE files');
  db.exec('VACUUM');
}
