// The column mapping of each project's last import, per account: the next sheet of the same project is
// mapped the same way. A damaged entry is ignored.
import { columnMappingSchema, type ColumnMapping } from '../../shared/domain/batch-sheet';
import type { SettingsStore } from '../kernel/settings-store';

export class MappingMemory {
  constructor(private readonly table: SettingsStore) {}

  get(accountId: string, projectId: string): Promise<ColumnMapping> {
    return this.table.read(accountId, `import-mapping:${projectId}`, columnMappingSchema, {});
  }

  save(accountId: string, projectId: string, mapping: ColumnMapping): Promise<void> {
    return this.table.write(accountId, `import-mapping:${projectId}`, mapping);
  }
}
