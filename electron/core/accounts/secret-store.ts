// Where API keys live. Main's implementation is the OS keychain (keytar); sessions without a keychain
// use the memory store. Nothing else in the app ever holds a key at rest.

export interface SecretStore {
  /** Whether this store can be used at all (a keychain may be missing or locked). */
  availability(): Promise<{ available: true } | { available: false; reason: string }>;
  get(accountId: string): Promise<string | null>;
  set(accountId: string, secret: string): Promise<void>;
  /** Removes the secret; resolves false when there was none. */
  delete(accountId: string): Promise<boolean>;
}

/** Keys kept only in this process's memory: gone when the app quits. */
export class MemorySecretStore implements SecretStore {
  private readonly secrets = new Map<string, string>();

  async availability(): Promise<{ available: true }> {
    return { available: true };
  }

  async get(accountId: string): Promise<string | null> {
    return this.secrets.get(accountId) ?? null;
  }

  async set(accountId: string, secret: string): Promise<void> {
    this.secrets.set(accountId, secret);
  }

  async delete(accountId: string): Promise<boolean> {
    return this.secrets.delete(accountId);
  }
}
