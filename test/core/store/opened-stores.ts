// What a store's harness hands the contract for each case: the open stores, how to close them, and
// (where the store can) a way to write the damaged rows its own writers never write.
import type { AnyStores } from './awaitable';

/**
 * Rows the store's own writers never write (another app version's, or a damaged disk's), for the cases
 * that read them back: JSON text that does not parse, or parses to the wrong shape. Optional: a store
 * that cannot hold such text (say, a jsonb column) leaves those cases out; the ones written through the
 * port with a wrong shape still run.
 */
export interface Damage {
  settingText(accountId: string, key: string, text: string): Promise<void>;
  sheetText(batchId: string, text: string): Promise<void>;
  jobText(jobId: string, column: 'values' | 'request' | 'record', text: string): Promise<void>;
}

export interface OpenedStores {
  stores: AnyStores;
  /**
   * The same history as another client opened it that has stopped since (a team's colleague whose app
   * quit; one person's history has one writer, so its own stores again).
   */
  elsewhere: AnyStores;
  close(): Promise<void>;
  damage?: Damage;
}

/** The open stores of the case running now. */
export type Current = () => OpenedStores;
