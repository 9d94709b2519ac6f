// The person's switch for updates, kept in the history's settings table. It belongs to this installation, not
// to an account, so it sits under the empty account id (no account has it).
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { SettingsTable } from '../db/settings-table';

const APP_WIDE = '';
const KEY = 'updates';
const schema = z.object({ enabled: z.boolean() });

export class UpdateSettings {
  private readonly table: SettingsTable;

  constructor(db: Database) {
    this.table = new SettingsTable(db);
  }

  /** On unless the person turned it off. */
  enabled(): boolean {
    return this.table.read(APP_WIDE, KEY, schema, { enabled: true }).enabled;
  }

  setEnabled(enabled: boolean): void {
    this.table.write(APP_WIDE, KEY, { enabled });
  }
}
