// The asset cache port's contract: an upload kept by account, storage, kind and content, only when its
// link's expiry is known and still ahead; overwritten by a newer upload; gone with its account.
import { expect, it } from 'vitest';
import type { AssetCacheKey } from '../../../electron/core/storage/asset-cache';
import { T0 } from './fixtures';
import type { Current } from './opened-stores';

const KEY: AssetCacheKey = {
  accountId: 'acc-1',
  storage: 's3:bucket/prefix%_',
  kind: 'image',
  sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
};

export function assetCacheContract(current: Current): void {
  const cache = () => current().stores.assetCache;

  it('keeps an upload whose link lapses later, and reads it back (put, get)', async () => {
    expect(await cache().get(KEY)).toBeNull();
    await cache().put(
      KEY,
      { url: 'https://cdn.example.com/a.png?sig=1', ref: 'uploads/a.png', expiresAt: T0 + 3_600_000 },
      T0,
    );
    expect(await cache().get(KEY)).toEqual({
      url: 'https://cdn.example.com/a.png?sig=1',
      ref: 'uploads/a.png',
      storedAt: T0,
      expiresAt: T0 + 3_600_000,
    });
    const noRef = { ...KEY, kind: 'audio' };
    await cache().put(noRef, { url: 'https://cdn.example.com/a.mp3', expiresAt: T0 + 1 }, T0);
    expect(await cache().get(noRef)).toEqual({
      url: 'https://cdn.example.com/a.mp3',
      ref: null,
      storedAt: T0,
      expiresAt: T0 + 1,
    });
  });

  it('keeps no upload whose expiry is unknown, now or past (put)', async () => {
    await cache().put(KEY, { url: 'https://cdn.example.com/a.png' }, T0);
    expect(await cache().get(KEY)).toBeNull();
    await cache().put(KEY, { url: 'https://cdn.example.com/a.png', expiresAt: T0 }, T0);
    expect(await cache().get(KEY)).toBeNull();
    await cache().put(KEY, { url: 'https://cdn.example.com/a.png', expiresAt: T0 - 1 }, T0);
    expect(await cache().get(KEY)).toBeNull();
  });

  it('overwrites an upload with a newer one of the same file (put)', async () => {
    await cache().put(KEY, { url: 'https://cdn.example.com/old', ref: 'old', expiresAt: T0 + 10 }, T0);
    await cache().put(KEY, { url: 'https://cdn.example.com/new', expiresAt: T0 + 500 }, T0 + 5);
    expect(await cache().get(KEY)).toEqual({
      url: 'https://cdn.example.com/new',
      ref: null,
      storedAt: T0 + 5,
      expiresAt: T0 + 500,
    });
  });

  it('tells uploads apart by account, storage, kind and content (get)', async () => {
    await cache().put(KEY, { url: 'https://cdn.example.com/a', expiresAt: T0 + 10 }, T0);
    for (const other of [
      { ...KEY, accountId: 'acc-2' },
      { ...KEY, storage: 'default' },
      { ...KEY, storage: 's3:bucket/prefixab' },
      { ...KEY, kind: 'audio' },
      { ...KEY, sha256: KEY.sha256.toUpperCase() },
    ]) {
      expect(await cache().get(other), JSON.stringify(other)).toBeNull();
    }
  });

  it('forgets an account’s uploads, and only that account’s (removeAccount)', async () => {
    const other = { ...KEY, accountId: 'acc-2' };
    await cache().put(KEY, { url: 'https://cdn.example.com/a', expiresAt: T0 + 10 }, T0);
    await cache().put(
      { ...KEY, kind: 'audio' },
      { url: 'https://cdn.example.com/b', expiresAt: T0 + 10 },
      T0,
    );
    await cache().put(other, { url: 'https://cdn.example.com/c', expiresAt: T0 + 10 }, T0);
    await cache().removeAccount('acc-1');
    expect(await cache().get(KEY)).toBeNull();
    expect(await cache().get({ ...KEY, kind: 'audio' })).toBeNull();
    expect((await cache().get(other))?.url).toBe('https://cdn.example.com/c');
  });
}
