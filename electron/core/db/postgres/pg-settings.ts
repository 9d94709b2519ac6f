// The settings port on the team history: each account's small values (and '' for the app's own) in the
// settings table, whose entry column is `name` (migration 001), read back through a schema: a row an older
// or damaged app wrote is the fallback, never an error. The value stays JSON text, as in SQLite. Each
// computer keeps its own (a download folder names this computer's disk; a draft and a name are a person's),
// so every statement is scoped to this computer.
import type { z } from 'zod';
import type { SettingsStore } from '../../kernel/settings-store';
import type { PgAccess } from './pg-access';

export class PgSettings implements SettingsStore {
  constructor(
    private readonly db: PgAccess,
    private readonly computerId: string,
  ) {}

  async read<T>(accountId: string, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
    const saved = await this.raw(accountId, key);
    if (saved === undefined) return fallback;
    const parsed = schema.safeParse(saved);
    return parsed.success ? parsed.data : fallback;
  }

  async raw(accountId: string, key: string): Promise<unknown> {
    const [row] = await this.db.read<{ value_json: string }>(
      `SELECT value_json FROM settings WHERE computer_id = $3 AND account_id = $1 AND name = $2`,
      [accountId, key, this.computerId],
    );
    if (!row) return undefined;
    try {
      return JSON.parse(row.value_json) as unknown;
    } catch {
      return undefined;
    }
  }

  async write(accountId: string, key: string, value: unknown): Promise<void> {
    await this.db.write(
      `INSERT INTO settings (computer_id, account_id, name, value_json) VALUES ($4, $1, $2, $3)
       ON CONFLICT (computer_id, account_id, name) DO UPDATE SET value_json = excluded.value_json`,
      [accountId, key, JSON.stringify(value), this.computerId],
    );
  }

  /** A prefix compared as text (starts_with), not a LIKE pattern: a key's own % or _ match only themselves. */
  async removeKeys(accountId: string, prefix: string): Promise<void> {
    await this.db.write(
      `DELETE FROM settings WHERE computer_id = $3 AND account_id = $1 AND starts_with(name, $2)`,
      [accountId, prefix, this.computerId],
    );
  }
}
