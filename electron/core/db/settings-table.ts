// One account's small settings in the history database's settings table, read back through a schema (a
// row an older or damaged app wrote is the fallback, never an error).
import type { Database, Statement } from 'better-sqlite3';
import type { z } from 'zod';

export class SettingsTable {
  private readonly readStatement: Statement<[string, string]>;
  private readonly writeStatement: Statement<[string, string, string]>;

  constructor(db: Database) {
    this.readStatement = db.prepare(`SELECT value_json FROM settings WHERE account_id = ? AND key = ?`);
    this.writeStatement = db.prepare(
      `INSERT INTO settings (account_id, key, value_json) VALUES (?, ?, ?)
       ON CONFLICT (account_id, key) DO UPDATE SET value_json = excluded.value_json`,
    );
  }

  read<T>(accountId: string, key: string, schema: z.ZodType<T>, fallback: T): T {
    const row = this.readStatement.get(accountId, key) as { value_json: string } | undefined;
    if (!row) return fallback;
    try {
      const parsed = schema.safeParse(JSON.parse(row.value_json));
      return parsed.success ? parsed.data : fallback;
    } catch {
      return fallback;
    }
  }

  write(accountId: string, key: string, value: unknown): void {
    this.writeStatement.run(accountId, key, JSON.stringify(value));
  }
}
