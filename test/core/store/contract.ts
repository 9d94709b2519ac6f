// The contract every history store keeps (issue 19): one suite of cases, run on SQLite
// (sqlite.contract.test.ts) and on PostgreSQL, over the ports the core uses (jobs, batches, downloads,
// settings, asset cache). Each case writes through the store and reads the effect back through it; every
// call is awaited, so a synchronous store and an asynchronous one run the same cases.
import { afterEach, beforeEach, describe } from 'vitest';
import { assetCacheContract } from './asset-cache.contract';
import { batchStoreContract } from './batch-store.contract';
import { creditReportContract } from './credit-report.contract';
import { downloadStoreContract } from './download-store.contract';
import { jobStoreContract } from './job-store.contract';
import { settingsStoreContract } from './settings-store.contract';
import type { Current, OpenedStores } from './opened-stores';

export type { Damage, OpenedStores } from './opened-stores';

/** What a store may do beyond the ports' required methods (its optional ones, each with cases of its own). */
export interface StoreAbilities {
  /** JobStore.claimNextPending: a batch's next rows claimed in one statement (PostgreSQL). */
  readonly claimsMany: boolean;
}

/** Registers the contract's cases for one store; `open` makes a fresh, empty history for each case. */
export function describeStoreContract(
  name: string,
  open: () => Promise<OpenedStores>,
  abilities: StoreAbilities,
): void {
  describe(`the history's store contract on ${name}`, () => {
    let opened: OpenedStores | null = null;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(async () => {
      await opened?.close();
      opened = null;
    });
    const current: Current = () => {
      if (!opened) throw new Error('no store is open');
      return opened;
    };
    describe('JobStore', () => jobStoreContract(current, abilities));
    describe('BatchStore', () => batchStoreContract(current));
    describe('DownloadStore', () => downloadStoreContract(current));
    describe('SettingsStore', () => settingsStoreContract(current));
    describe('AssetCacheStore', () => assetCacheContract(current));
    describe('CreditReportStore', () => creditReportContract(current));
  });
}
