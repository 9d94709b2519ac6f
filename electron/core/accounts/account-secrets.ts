// Routes each account's key to where it lives: the OS keychain, or this session's memory when the person
// chose so (or no keychain answers). Also knows whether the keychain can be used at all.
import type { KeychainStatus } from '../../shared/domain/account';
import type { StoredAccount } from './account-file';
import { MemorySecretStore, type SecretStore } from './secret-store';

type Located = Pick<StoredAccount, 'id' | 'storage'>;

export class AccountSecrets {
  private readonly session = new MemorySecretStore();
  private keychainStatus: KeychainStatus = { available: false };

  constructor(private readonly keychain: SecretStore) {}

  async checkKeychain(): Promise<void> {
    const availability = await this.keychain.availability();
    this.keychainStatus = availability.available
      ? { available: true }
      : { available: false, reason: availability.reason };
  }

  get status(): KeychainStatus {
    return this.keychainStatus;
  }

  private storeOf(account: Located): SecretStore {
    return account.storage === 'keychain' ? this.keychain : this.session;
  }

  /** The key, or null when it is missing or the keychain refuses. */
  get(account: Located): Promise<string | null> {
    return this.storeOf(account)
      .get(account.id)
      .catch(() => null);
  }

  set(account: Located, key: string): Promise<void> {
    return this.storeOf(account).set(account.id, key);
  }

  /** Deletes the key; a keychain that refuses leaves nothing for the app to do. */
  async delete(account: Located): Promise<void> {
    await this.storeOf(account)
      .delete(account.id)
      .catch(() => false);
  }
}
