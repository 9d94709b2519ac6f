// The column mapping of each project's last import, per account, in the settings table: the next sheet of
// the same project is mapped the same way. What is read back is checked; a damaged entry is ignored.
import type { Database, Statement } from 'better-sqlite3';
import { columnMappingSchema, type ColumnMapping } from '../../shared/domain/batch-sheet';

export class MappingMemory {
  private readonly read: Statement<[string, string]>;
  private readonly write: Statement<[string, string, string]>;

  constructor(db: Database) {
    this.read = db.prepare(`SELECT value_json FROM settings WHERE account_id = ? AND key = ?`);
    this.write = db.prepare(
      `INSERT INTO settings (account_id, key, value_json) VALUES (?, ?, ?)
       ON CONFLICT (account_id, key) DO UPDATE SET value_json = excluded.value_json`,
    );
  }

  get(accountId: string, projectId: string): ColumnMapping {
    const row = this.read.get(accountId, `import-mapping:${projectId}`) as { value_json: string } | undefined;
    if (!row) return {};
    try {
      const parsed = columnMappingSchema.safeParse(JSON.parse(row.value_json));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }

  save(accountId: string, projectId: string, mapping: ColumnMapping): void {
    this.write.run(accountId, `import-mapping:${projectId}`, JSON.stringify(mapping));
  }
}
