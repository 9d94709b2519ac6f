// The column mapping of each project's last import, per account: the next sheet of the same project is
// mapped the same way. A damaged entry is ignored.
import type { Database } from 'better-sqlite3';
import { columnMappingSchema, type ColumnMapping } from '../../shared/domain/batch-sheet';
import { SettingsTable } from '../db/settings-table';

export class MappingMemory {
  private readonly table: SettingsTable;

  constructor(db: Database) {
    this.table = new SettingsTable(db);
  }

  get(accountId: string, projectId: string): ColumnMapping {
    return this.table.read(accountId, `import-mapping:${projectId}`, columnMappingSchema, {});
  }

  save(accountId: string, projectId: string, mapping: ColumnMapping): void {
    this.table.write(accountId, `import-mapping:${projectId}`, mapping);
  }
}
