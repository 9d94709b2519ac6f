// Each account's asset storage settings, in the history database's settings table (read back through its
// schema: a damaged entry is the default), and the S3 secret in the keychain beside the API key.
import type { Database } from 'better-sqlite3';
import { storageSettingsSchema, type StorageSettings } from '../../shared/domain/storage';
import type { SecretStore } from '../accounts/secret-store';
import { SettingsTable } from '../db/settings-table';

const KEY = 'asset-storage';
const secretId = (accountId: string) => `${accountId}:s3-secret`;

export class StorageSettingsStore {
  private readonly table: SettingsTable;

  constructor(
    db: Database,
    private readonly keychain: SecretStore,
  ) {
    this.table = new SettingsTable(db);
  }

  get(accountId: string): StorageSettings {
    return this.table.read(accountId, KEY, storageSettingsSchema, { provider: 'default' });
  }

  save(accountId: string, settings: StorageSettings): void {
    this.table.write(accountId, KEY, settings);
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
