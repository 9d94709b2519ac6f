// Asset storage per account: which uploader an account's files go through (its default, an S3-compatible
// bucket, or none: URLs only), its settings and secret, and the Test connection that proves them.
import type { Database } from 'better-sqlite3';
import type { UploadCapability } from '../../shared/domain/asset';
import type { StorageSettings } from '../../shared/domain/storage';
import type { Handlers } from '../../shared/ipc/contract';
import type { Accounts } from '../accounts/accounts';
import type { SecretStore } from '../accounts/secret-store';
import { AppError } from '../app/app-error';
import type { AssetUploader } from '../assets/asset-uploader';
import { S3Storage } from './s3-storage';
import { StorageSettingsStore } from './storage-settings';

export const URLS_ONLY_REASON =
  'This account is set to take web addresses only (Settings → Asset storage), so files are not uploaded.';

class UrlsOnly implements AssetUploader {
  capability(): UploadCapability {
    return { available: false, reason: URLS_ONLY_REASON };
  }
  async upload(): Promise<{ url: string }> {
    throw new AppError('storage', URLS_ONLY_REASON);
  }
}

export interface StorageDomain {
  /** The uploader of the account's files, as its settings say. */
  uploaderFor(accountId: string): Promise<AssetUploader>;
  handlers: Pick<Handlers, 'storage:settings' | 'storage:save' | 'storage:test'>;
  accountRemoved(accountId: string): Promise<void>;
}

export function openStorage(deps: {
  db: Database;
  accounts: Accounts;
  keychain: SecretStore;
}): StorageDomain {
  const store = new StorageSettingsStore(deps.db, deps.keychain);
  const activeId = () => deps.accounts.registry.active().id;

  const build = async (accountId: string, settings: StorageSettings): Promise<AssetUploader> => {
    if (settings.provider === 'urls') return new UrlsOnly();
    if (settings.provider === 's3') {
      const secret = await store.secret(accountId);
      if (!secret) {
        throw new AppError(
          'storage',
          'The S3 secret access key is not in the keychain. Enter it again in Settings → Asset storage.',
        );
      }
      return new S3Storage(settings.s3, secret);
    }
    return (await deps.accounts.connections.get(accountId)).uploader;
  };

  return {
    uploaderFor: (accountId) => build(accountId, store.get(accountId)),
    handlers: {
      'storage:settings': async () => {
        const id = activeId();
        const secret = await store.secret(id);
        return {
          settings: store.get(id),
          secret: { set: secret !== null, last4: secret ? secret.slice(-4) : null },
        };
      },
      'storage:save': async ({ settings, secret }) => {
        const id = activeId();
        if (secret) await store.setSecret(id, secret);
        if (settings.provider === 's3' && !secret && !(await store.secret(id))) {
          throw new AppError('invalid-input', 'Enter the secret access key: it is kept in the keychain.');
        }
        store.save(id, settings);
        const kept = await store.secret(id);
        return { settings, secret: { set: kept !== null, last4: kept ? kept.slice(-4) : null } };
      },
      'storage:test': async ({ settings, secret }) => {
        const id = activeId();
        if (settings.provider === 'urls')
          return { ok: true, message: 'Nothing to test: files are not uploaded for this account.' };
        if (settings.provider === 'default') {
          const uploader = (await deps.accounts.connections.get(id)).uploader;
          const capability = uploader.capability();
          return capability.available
            ? { ok: true, message: 'The sandbox hosts this account’s uploads.' }
            : { ok: false, message: capability.reason ?? 'This account has no asset storage.' };
        }
        const key = secret ?? (await store.secret(id));
        if (!key) return { ok: false, message: 'Enter the secret access key first.' };
        const storage = new S3Storage(settings.s3, key);
        try {
          return await storage.testConnection();
        } finally {
          storage.dispose();
        }
      },
    },
    accountRemoved: (accountId) => store.removeAccount(accountId),
  };
}
