// A keychain under a new service name that still finds the keys saved under a former one: a key missing
// from `current` is looked for in each former store and, when found, saved under the current name and
// deleted from the former (moved once: the next look finds it where it now belongs). Used by an installed
// copy whose CLI and browser host kept keys under the development checkout's name before this version.
import type { SecretStore } from './secret-store';

export class MovingSecretStore implements SecretStore {
  constructor(
    private readonly current: SecretStore,
    private readonly former: readonly SecretStore[],
    private readonly log: (line: string) => void = () => {},
  ) {}

  availability(): ReturnType<SecretStore['availability']> {
    return this.current.availability();
  }

  async get(accountId: string): Promise<string | null> {
    const secret = await this.current.get(accountId);
    if (secret !== null) return secret;
    for (const store of this.former) {
      const found = await store.get(accountId).catch(() => null);
      if (found === null) continue;
      // Saved under the new name before it is deleted from the old: a crash in between leaves two copies,
      // never none.
      await this.current.set(accountId, found);
      await store.delete(accountId).catch(() => false);
      this.log(`Moved the key of ${accountId} to this copy's keychain entry.`);
      return found;
    }
    return null;
  }

  set(accountId: string, secret: string): Promise<void> {
    return this.current.set(accountId, secret);
  }

  /** Deletes the key wherever it is, so a removed account's key cannot come back from a former name. */
  async delete(accountId: string): Promise<boolean> {
    let deleted = await this.current.delete(accountId);
    for (const store of this.former) deleted = (await store.delete(accountId).catch(() => false)) || deleted;
    return deleted;
  }
}
