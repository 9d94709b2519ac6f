// A project's form memory (draft and "don't ask again"), one row per account and project in the history
// database's settings table. What is read back is checked: a row an older or damaged app wrote is treated
// as nothing remembered, never as an error that would keep the form from opening.
import type { Database, Statement } from 'better-sqlite3';
import {
  EMPTY_FORM_MEMORY,
  formMemorySchema,
  type Draft,
  type FormMemory,
} from '../../shared/domain/form-memory';

const keyOf = (projectId: string) => `form:${projectId}`;

export class FormMemoryRepository {
  private readonly read: Statement<[string, string], { value_json: string }>;
  private readonly write: Statement<[string, string, string]>;
  private readonly removeAll: Statement<[string]>;

  constructor(db: Database) {
    this.read = db.prepare(`SELECT value_json FROM settings WHERE account_id = ? AND key = ?`);
    this.write = db.prepare(
      `INSERT INTO settings (account_id, key, value_json) VALUES (?, ?, ?)
       ON CONFLICT (account_id, key) DO UPDATE SET value_json = excluded.value_json`,
    );
    this.removeAll = db.prepare(`DELETE FROM settings WHERE account_id = ? AND key LIKE 'form:%'`);
  }

  get(accountId: string, projectId: string): FormMemory {
    const row = this.read.get(accountId, keyOf(projectId));
    if (!row) return { ...EMPTY_FORM_MEMORY };
    try {
      const parsed = formMemorySchema.safeParse(JSON.parse(row.value_json));
      return parsed.success ? parsed.data : { ...EMPTY_FORM_MEMORY };
    } catch {
      return { ...EMPTY_FORM_MEMORY };
    }
  }

  saveDraft(accountId: string, projectId: string, draft: Draft | null): void {
    this.put(accountId, projectId, { ...this.get(accountId, projectId), draft });
  }

  setSkipEmptyCheck(accountId: string, projectId: string, skip: boolean): void {
    this.put(accountId, projectId, { ...this.get(accountId, projectId), skipEmptyCheck: skip });
  }

  /** The account was removed with its history: its drafts go too. */
  removeAccount(accountId: string): void {
    this.removeAll.run(accountId);
  }

  private put(accountId: string, projectId: string, memory: FormMemory): void {
    this.write.run(accountId, keyOf(projectId), JSON.stringify(memory));
  }
}
