// Routes each account's key to where it lives: the OS keychain, an owner-only key file (where no keychain
// answers and the person chose it), or this session's memory. The built-in sandbox's key is none of these:
// the sandbox runner makes it at each start. Also knows whether the keychain can be used at all.
import type { KeychainStatus } from '../../shared/domain/account';
import { AppError } from '../kernel/app-error';
import type { StoredAccount } from './account-file';
import { KeyFileStore } from './key-file-store';
import { MemorySecretStore, type SecretStore } from './secret-store';

type Located = Pick<StoredAccount, 'id' | 'storage'>;

export class AccountSecrets {
  private readonly session = new MemorySecretStore();
  readonly keyFiles: KeyFileStore;
  private keychainStatus: KeychainStatus = { available: false };

  constructor(
    private readonly keychain: SecretStore,
    dataDir: string,
    /** Where an account's key is filed: its id in accounts.json (on a team's history it goes by another). */
    private readonly keyIdOf: (accountId: string) => string = (accountId) => accountId,
  ) {
    this.keyFiles = new KeyFileStore(dataDir);
  }

  async checkKeychain(): Promise<void> {
    const availability = await this.keychain.availability();
    this.keychainStatus = availability.available
      ? { available: true }
      : { available: false, reason: availability.reason, keyFolder: this.keyFiles.folder };
  }

  /** The keychain answered no at this point: said from now on (a probe may pass and a write fail). */
  keychainFailed(reason: string): void {
    this.keychainStatus = { available: false, reason, keyFolder: this.keyFiles.folder };
  }

  get status(): KeychainStatus {
    return this.keychainStatus;
  }

  /** Whether this process holds the key of a session-only account (it was given in this run). */
  async hasSessionKey(accountId: string): Promise<boolean> {
    return (await this.session.get(this.keyIdOf(accountId))) !== null;
  }

  /** The key file an account's key is kept in (for one whose storage is `key-file`). */
  keyFileOf(accountId: string): string {
    return this.keyFiles.pathOf(this.keyIdOf(accountId));
  }

  private storeOf(account: Located): SecretStore | null {
    switch (account.storage) {
      case 'keychain':
        return this.keychain;
      case 'key-file':
        return this.keyFiles;
      case 'session':
      case 'environment':
        return this.session;
      case 'app':
      case 'team':
        return null;
    }
  }

  /**
   * The key, or null when it is missing (or a keychain refuses: said as locked or missing by the caller). A
   * key file that is refused (a link, a file with other names, another user's) throws its reason in words,
   * so the person is told why, not only that the key is missing.
   */
  async get(account: Located): Promise<string | null> {
    const store = this.storeOf(account);
    if (!store) return null;
    const keyId = this.keyIdOf(account.id);
    if (store !== this.keyFiles) return store.get(keyId).catch(() => null);
    return store.get(keyId).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new AppError('keychain', `${this.keyFiles.pathOf(keyId)} could not be read (${code}).`, {
        cause: error,
      });
    });
  }

  async set(account: Located, key: string): Promise<void> {
    await this.storeOf(account)?.set(this.keyIdOf(account.id), key);
  }

  /** Deletes the key; a store that refuses leaves nothing for the app to do. */
  async delete(account: Located): Promise<void> {
    await this.storeOf(account)
      ?.delete(this.keyIdOf(account.id))
      .catch(() => false);
  }
}
