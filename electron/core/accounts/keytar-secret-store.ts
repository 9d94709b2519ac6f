// API keys in the OS keychain through keytar (Keychain, Credential Manager, Secret Service). It needs
// no Electron, so it is tested in Node against a real Secret Service (gnome-keyring).
import type * as KeytarModule from 'keytar';
import type { SecretStore } from './secret-store';

type Keytar = typeof KeytarModule;

const PROBE_TIMEOUT_MS = 4000;

export const NO_KEYCHAIN_REASON =
  'No system keychain answered (on Linux this needs a Secret Service such as GNOME Keyring or KWallet). ' +
  'You can keep a key for this session only, or save it in a key file only you can read.';

export class KeytarSecretStore implements SecretStore {
  private keytar: Promise<Keytar> | null = null;

  constructor(private readonly service: string) {}

  private load(): Promise<Keytar> {
    // Loaded on first use: a missing libsecret must become "no keychain", not a crash at start-up.
    this.keytar ??= import('keytar').then((module) =>
      'default' in module ? (module.default as Keytar) : module,
    );
    return this.keytar;
  }

  async availability(): Promise<{ available: true } | { available: false; reason: string }> {
    try {
      const keytar = await this.load();
      await withTimeout(keytar.findCredentials(this.service), PROBE_TIMEOUT_MS);
      return { available: true };
    } catch {
      return { available: false, reason: NO_KEYCHAIN_REASON };
    }
  }

  async get(accountId: string): Promise<string | null> {
    return (await this.load()).getPassword(this.service, accountId);
  }

  async set(accountId: string, secret: string): Promise<void> {
    await (await this.load()).setPassword(this.service, accountId, secret);
  }

  async delete(accountId: string): Promise<boolean> {
    return (await this.load()).deletePassword(this.service, accountId);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('keychain timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
