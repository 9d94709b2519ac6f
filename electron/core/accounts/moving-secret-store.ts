// A keychain under a new service name that still finds the keys saved under a former one: a key missing
// from `current` is looked for in each former store and, when found, saved under the current name and
// deleted from the former (moved once: the next look finds it where it now belongs). Used by an installed
// copy whose CLI and browser host kept keys under the development checkout's name before this version.
// Each account's get/set/delete run one at a time here, so a move never overwrites a key given meanwhile
// nor brings back one just removed; saving a key removes any former copy, so an old key never lingers.
import type { SecretStore } from './secret-store';

export class MovingSecretStore implements SecretStore {
  /** The last operation queued per account: the next one starts when it ends. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly current: SecretStore,
    private readonly former: readonly SecretStore[],
    private readonly log: (line: string) => void = () => {},
  ) {}

  private oneAtATime<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(accountId) ?? Promise.resolve();
    const result = before.then(work, work);
    const settled = result.catch(() => undefined);
    this.queues.set(accountId, settled);
    void settled.then(() => {
      if (this.queues.get(accountId) === settled) this.queues.delete(accountId);
    });
    return result;
  }

  availability(): ReturnType<SecretStore['availability']> {
    return this.current.availability();
  }

  get(accountId: string): Promise<string | null> {
    return this.oneAtATime(accountId, async () => {
      const secret = await this.current.get(accountId);
      if (secret !== null) return secret;
      for (const store of this.former) {
        const found = await store.get(accountId).catch(() => null);
        if (found === null) continue;
        // Another program (the app and jrs share the keychain) may have saved a key meanwhile: it wins.
        const meanwhile = await this.current.get(accountId);
        if (meanwhile !== null) return meanwhile;
        // Saved under the new name before it is deleted from the old: a crash in between leaves two
        // copies, never none.
        await this.current.set(accountId, found);
        await this.forget(store, accountId);
        this.log(`Moved the key of ${accountId} to this copy's keychain entry.`);
        return found;
      }
      return null;
    });
  }

  set(accountId: string, secret: string): Promise<void> {
    return this.oneAtATime(accountId, async () => {
      await this.current.set(accountId, secret);
      for (const store of this.former) await this.forget(store, accountId);
    });
  }

  /** Deletes the key wherever it is, so a removed account's key cannot come back from a former name. */
  delete(accountId: string): Promise<boolean> {
    return this.oneAtATime(accountId, async () => {
      let deleted = await this.current.delete(accountId);
      for (const store of this.former) deleted = (await this.forget(store, accountId)) || deleted;
      return deleted;
    });
  }

  /** Deletes a former copy; one that cannot be deleted is logged (it is tried again at the next save). */
  private async forget(store: SecretStore, accountId: string): Promise<boolean> {
    try {
      return await store.delete(accountId);
    } catch (error) {
      this.log(`The former keychain entry of ${accountId} could not be deleted: ${(error as Error).message}`);
      return false;
    }
  }
}
