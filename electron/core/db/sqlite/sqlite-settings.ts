// The settings port on SQLite: one account's small values in the history database's settings table, read
// back through a schema (a row an older or damaged app wrote is the fallback, never an error).
import type { Database, Statement } from 'better-sqlite3';
import type { z } from 'zod';
import type { SettingsStore } from '../../kernel/settings-store';

export class SqliteSettings implements SettingsStore {
  private readonly readStatement: Statement<[string, string], { value_json: string }>;
  private readonly writeStatement: Statement<[string, string, string]>;
  private readonly removeStatement: Statement<[string, string, string]>;

  constructor(db: Database) {
    this.readStatement = db.prepare(`SELECT value_json FROM settings WHERE account_id = ? AND key = ?`);
    this.writeStatement = db.prepare(
      `INSERT INTO settings (account_id, key, value_json) VALUES (?, ?, ?)
       ON CONFLICT (account_id, key) DO UPDATE SET value_json = excluded.value_json`,
    );
    // A prefix compared as text, not a LIKE pattern: a key's own % or _ match only themselves.
    this.removeStatement = db.prepare(
      `DELETE FROM settings WHERE account_id = ? AND substr(key, 1, length(?)) = ?`,
    );
  }

  async read<T>(accountId: string, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
    const saved = this.rawNow(accountId, key);
    if (saved === undefined) return fallback;
    const parsed = schema.safeParse(saved);
    return parsed.success ? parsed.data : fallback;
  }

  async raw(accountId: string, key: string): Promise<unknown> {
    return this.rawNow(accountId, key);
  }

  private rawNow(accountId: string, key: string): unknown {
    const row = this.readStatement.get(accountId, key);
    if (!row) return undefined;
    try {
      return JSON.parse(row.value_json) as unknown;
    } catch {
      return undefined;
    }
  }

  async write(accountId: string, key: string, value: unknown): Promise<void> {
    this.writeStatement.run(accountId, key, JSON.stringify(value));
  }

  async removeKeys(accountId: string, prefix: string): Promise<void> {
    // SQLite counts the prefix's length in characters, as substr does (not JavaScript's UTF-16 units).
    this.removeStatement.run(accountId, prefix, prefix);
  }
}
