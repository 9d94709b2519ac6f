// Asset storage per account: which uploader an account's files go through (its default, an S3-compatible
// bucket, or none: URLs only), its settings and secret, and the Test connection that proves them. A session
// account (the command line's JRS_BASE_URL) may bring a bucket for the run (JRS_S3_*), held in memory only.
import type { UploadCapability } from '../../shared/domain/asset';
import type { StorageSettings } from '../../shared/domain/storage';
import type { Handlers } from '../../shared/ipc/contract';
import type { Accounts } from '../accounts/accounts';
import type { SecretStore } from '../accounts/secret-store';
import { AppError } from '../kernel/app-error';
import type { AssetUploader } from '../assets/asset-uploader';
import type { Clock } from '../kernel/ports';
import type { AssetCacheStore } from './asset-cache';
import type { SettingsStore } from '../kernel/settings-store';
import { CachingUploader } from './caching-uploader';
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
  /** The uploader of the account's files, as its settings say, behind the content-hash cache. */
  uploaderFor(accountId: string): Promise<AssetUploader>;
  handlers: Pick<Handlers, 'storage:settings' | 'storage:save' | 'storage:test'>;
  accountRemoved(accountId: string): Promise<void>;
  dispose(): void;
}

export function openStorage(deps: {
  settings: SettingsStore;
  /** The uploads already made, by content (kept in the history's store). */
  assetCache: AssetCacheStore;
  accounts: Accounts;
  keychain: SecretStore;
  clock: Clock;
}): StorageDomain {
  const store = new StorageSettingsStore(deps.settings, deps.keychain);
  const cache = deps.assetCache;
  /** The account asked for (the command line names one), else the active one; an unknown id is refused. */
  const accountOf = (accountId: string | undefined) => {
    if (accountId === undefined) return deps.accounts.registry.active().id;
    if (!deps.accounts.registry.find(accountId))
      throw new AppError(
        'not-found',
        'No saved account has this id. See the accounts with: jrs accounts list.',
      );
    return accountId;
  };
  // A session account's bucket (the command line's JRS_S3_* variables) is the one it uses, whatever is saved.
  const settingsOf = async (accountId: string): Promise<StorageSettings> => {
    const session = deps.accounts.sessionStorage(accountId);
    return session ? { provider: 's3', s3: session.s3 } : await store.get(accountId);
  };
  const secretOf = async (accountId: string): Promise<string | null> =>
    deps.accounts.sessionStorage(accountId)?.secret ?? (await store.secret(accountId));
  /** One S3 client per account while its settings stay the same (each holds sockets). */
  const s3Clients = new Map<string, { settings: string; storage: S3Storage }>();
  const s3For = (accountId: string, settings: StorageSettings & { provider: 's3' }, secret: string) => {
    const fingerprint = JSON.stringify(settings.s3);
    const known = s3Clients.get(accountId);
    if (known?.settings === fingerprint) return known.storage;
    known?.storage.dispose();
    const storage = new S3Storage(settings.s3, secret);
    s3Clients.set(accountId, { settings: fingerprint, storage });
    return storage;
  };
  const forgetClient = (accountId: string) => {
    s3Clients.get(accountId)?.storage.dispose();
    s3Clients.delete(accountId);
  };

  const build = async (accountId: string, settings: StorageSettings): Promise<AssetUploader> => {
    if (settings.provider === 'urls') return new UrlsOnly();
    if (settings.provider === 's3') {
      const secret = await secretOf(accountId);
      if (!secret) {
        throw new AppError(
          'storage',
          'The S3 secret access key is not in the keychain. Enter it again in Settings → Asset storage.',
        );
      }
      const { endpoint, bucket, prefix } = settings.s3;
      return new CachingUploader(
        s3For(accountId, settings, secret),
        cache,
        { accountId, storage: `s3 ${endpoint} ${bucket} ${prefix} ${settings.s3.accessKeyId}` },
        deps.clock,
      );
    }
    // By the account's address too: the built-in sandbox's links name its port.
    const { uploader, baseUrl } = await deps.accounts.connections.get(accountId);
    return new CachingUploader(uploader, cache, { accountId, storage: `default ${baseUrl}` }, deps.clock);
  };

  return {
    uploaderFor: async (accountId) => build(accountId, await settingsOf(accountId)),
    handlers: {
      'storage:settings': async (params) => {
        const id = accountOf(params?.accountId);
        const secret = await secretOf(id);
        return {
          settings: await settingsOf(id),
          secret: { set: secret !== null, last4: secret ? secret.slice(-4) : null },
        };
      },
      'storage:save': async ({ settings, secret, accountId }) => {
        const id = accountOf(accountId);
        if (deps.accounts.sessionStorage(id)) {
          throw new AppError(
            'invalid-input',
            'This run’s account takes its asset storage from the JRS_S3_* variables: change them instead.',
          );
        }
        if (secret) {
          // Nothing is saved when the keychain does not keep the secret (settings without it would not work).
          await store.setSecret(id, secret).catch((error: unknown) => {
            throw new AppError(
              'keychain',
              'The system keychain did not store the S3 secret access key. Nothing was saved.',
              { cause: error },
            );
          });
        }
        forgetClient(id);
        if (settings.provider === 's3' && !secret && !(await store.secret(id))) {
          throw new AppError('invalid-input', 'Enter the secret access key: it is kept in the keychain.');
        }
        await store.save(id, settings);
        const kept = await store.secret(id);
        return { settings, secret: { set: kept !== null, last4: kept ? kept.slice(-4) : null } };
      },
      'storage:test': async ({ settings, secret, accountId }) => {
        const id = accountOf(accountId);
        if (settings.provider === 'urls')
          return { ok: true, message: 'Nothing to test: files are not uploaded for this account.' };
        if (settings.provider === 'default') {
          const uploader = (await deps.accounts.connections.get(id)).uploader;
          const capability = uploader.capability();
          return capability.available
            ? { ok: true, message: 'The sandbox hosts this account’s uploads.' }
            : { ok: false, message: capability.reason ?? 'This account has no asset storage.' };
        }
        const key = secret ?? (await secretOf(id));
        if (!key) return { ok: false, message: 'Enter the secret access key first.' };
        const storage = new S3Storage(settings.s3, key);
        try {
          return await storage.testConnection();
        } finally {
          storage.dispose();
        }
      },
    },
    accountRemoved: async (accountId) => {
      forgetClient(accountId);
      await cache.removeAccount(accountId);
      await store.removeAccount(accountId);
    },
    dispose: () => {
      for (const id of [...s3Clients.keys()]) forgetClient(id);
    },
  };
}
