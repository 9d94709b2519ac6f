// Each account's asset storage settings, in the history database's settings table (read back through its
// schema: a damaged entry is the default), and the S3 secret in the keychain beside the API key.
import { storageSettingsSchema, type StorageSettings } from '../../shared/domain/storage';
import type { SecretStore } from '../accounts/secret-store';
import type { SettingsStore } from '../kernel/settings-store';

const KEY = 'asset-storage';
const secretId = (accountId: string) => `${accountId}:s3-secret`;

export class StorageSettingsStore {
  constructor(
    private readonly table: SettingsStore,
    private readonly keychain: SecretStore,
  ) {}

  get(accountId: string): Promise<StorageSettings> {
    return this.table.read(accountId, KEY, storageSettingsSchema, { provider: 'default' });
  }

  save(accountId: string, settings: StorageSettings): Promise<void> {
    return this.table.write(accountId, KEY, settings);
  }

  secret(accountId: string): Promise<string | null> {
    return this.keychain.get(secretId(accountId)).catch(() => null);
  }

  setSecret(accountId: string, secret: string): Promise<void> {
    return this.keychain.set(secretId(accountId), secret);
  }

  async removeAccount(accountId: string): Promise<void> {
    await this.keychain.delete(secretId(accountId)).catch(() => false);
  }
}
