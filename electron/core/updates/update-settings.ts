// The person's switch for updates, kept in the history's settings table. It belongs to this installation, not
// to an account, so it sits under the empty account id (no account has it).
import { z } from 'zod';
import type { SettingsStore } from '../kernel/settings-store';

const APP_WIDE = '';
const KEY = 'updates';
const schema = z.object({ enabled: z.boolean() });

export class UpdateSettings {
  constructor(private readonly table: SettingsStore) {}

  /** On unless the person turned it off. */
  enabled(): boolean {
    return this.table.read(APP_WIDE, KEY, schema, { enabled: true }).enabled;
  }

  setEnabled(enabled: boolean): void {
    this.table.write(APP_WIDE, KEY, { enabled });
  }
}
