// The person's switch for updates, kept in the history's settings table. It belongs to this installation, not
// to an account, so it sits under the empty account id (no account has it). Read once when the updates open
// (the controller asks it synchronously, at start and at every tick); this switch is its only writer.
import { z } from 'zod';
import type { SettingsStore } from '../kernel/settings-store';

const APP_WIDE = '';
const KEY = 'updates';
const schema = z.object({ enabled: z.boolean() });

export class UpdateSettings {
  private constructor(
    private readonly table: SettingsStore,
    private on: boolean,
  ) {}

  static async open(table: SettingsStore): Promise<UpdateSettings> {
    return new UpdateSettings(table, (await table.read(APP_WIDE, KEY, schema, { enabled: true })).enabled);
  }

  /** On unless the person turned it off. */
  enabled(): boolean {
    return this.on;
  }

  async setEnabled(enabled: boolean): Promise<void> {
    await this.table.write(APP_WIDE, KEY, { enabled });
    this.on = enabled;
  }
}
