// The settings port: small values per account (and '' for the app's own), kept by the history's store. Every
// domain's settings (downloads, forms, storage, updates, column mappings) go through it; none types SQL.
// Each call answers later: a team's store answers over the network.
import type { z } from 'zod';

export interface SettingsStore {
  /** The value read back through `schema`; a missing, damaged or older row is `fallback`, never an error. */
  read<T>(accountId: string, key: string, schema: z.ZodType<T>, fallback: T): Promise<T>;
  /** The value as it was saved, unchecked; undefined when there is none or it cannot be read. */
  raw(accountId: string, key: string): Promise<unknown>;
  write(accountId: string, key: string, value: unknown): Promise<void>;
  /** Removes every value of the account whose key starts with `prefix`. */
  removeKeys(accountId: string, prefix: string): Promise<void>;
}
