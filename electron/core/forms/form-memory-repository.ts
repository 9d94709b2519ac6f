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
  /**
   * The change under way per account and project: saving a draft and the "don't ask again" each read the
   * memory and write it back whole, so one waits for the other (else the second would write back the
   * first's old half).
   */
  private readonly changing = new Map<string, Promise<void>>();

  constructor(private readonly settings: SettingsStore) {}

  get(accountId: string, projectId: string): Promise<FormMemory> {
    return this.settings.read(accountId, keyOf(projectId), formMemorySchema, { ...EMPTY_FORM_MEMORY });
  }

  saveDraft(accountId: string, projectId: string, draft: Draft | null): Promise<void> {
    return this.change(accountId, projectId, (memory) => ({ ...memory, draft }));
  }

  setSkipEmptyCheck(accountId: string, projectId: string, skip: boolean): Promise<void> {
    return this.change(accountId, projectId, (memory) => ({ ...memory, skipEmptyCheck: skip }));
  }

  /** The account was removed with its history: its drafts go too. */
  removeAccount(accountId: string): Promise<void> {
    return this.settings.removeKeys(accountId, keyOf(''));
  }

  private change(
    accountId: string,
    projectId: string,
    edit: (memory: FormMemory) => FormMemory,
  ): Promise<void> {
    const key = JSON.stringify([accountId, projectId]);
    const before = this.changing.get(key) ?? Promise.resolve();
    const write = async () => {
      const memory = await this.get(accountId, projectId);
      await this.settings.write(accountId, keyOf(projectId), edit(memory));
    };
    const done = before.then(write, write);
    const tail = done.catch(() => undefined);
    this.changing.set(key, tail);
    void tail.then(() => {
      if (this.changing.get(key) === tail) this.changing.delete(key);
    });
    return done;
  }
}
