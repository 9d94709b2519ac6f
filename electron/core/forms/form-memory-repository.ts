// A project's form memory (draft and "don't ask again"), one row per account and project in the history
// database's settings table. What is read back is checked: a row an older or damaged app wrote is treated
// as nothing remembered, never as an error that would keep the form from opening.
import type { SettingsStore } from '../kernel/settings-store';
import {
  EMPTY_FORM_MEMORY,
  formMemorySchema,
  type Draft,
  type FormMemory,
} from '../../shared/domain/form-memory';

const keyOf = (projectId: string) => `form:${projectId}`;

export class FormMemoryRepository {
  constructor(private readonly settings: SettingsStore) {}

  get(accountId: string, projectId: string): FormMemory {
    return this.settings.read(accountId, keyOf(projectId), formMemorySchema, { ...EMPTY_FORM_MEMORY });
  }

  saveDraft(accountId: string, projectId: string, draft: Draft | null): void {
    this.put(accountId, projectId, { ...this.get(accountId, projectId), draft });
  }

  setSkipEmptyCheck(accountId: string, projectId: string, skip: boolean): void {
    this.put(accountId, projectId, { ...this.get(accountId, projectId), skipEmptyCheck: skip });
  }

  /** The account was removed with its history: its drafts go too. */
  removeAccount(accountId: string): void {
    this.settings.removeKeys(accountId, keyOf(''));
  }

  private put(accountId: string, projectId: string, memory: FormMemory): void {
    this.settings.write(accountId, keyOf(projectId), memory);
  }
}
