// The active account's batches, keyed by id, loaded once per account and kept current by `batches:changed`;
// which one is shown, and whether the import wizard is open in its place.
import { create } from 'zustand';
import type { BatchView, BatchesChanged } from '../../../electron/shared/domain/batch';
import { api, call, failureMessage } from '../../lib/api';

export interface BatchesState {
  accountId: string | null;
  byId: Readonly<Record<string, BatchView>>;
  selectedId: string | null;
  importOpen: boolean;
  error: string | null;
  load(accountId: string | null): Promise<void>;
  apply(event: BatchesChanged): void;
  select(id: string | null): void;
  openImport(): void;
  closeImport(): void;
}

let latest = 0;

export const useBatchesStore = create<BatchesState>()((set, get) => ({
  accountId: null,
  byId: {},
  selectedId: null,
  importOpen: false,
  error: null,
  async load(accountId) {
    const request = ++latest;
    set({ accountId, byId: {}, selectedId: null, importOpen: false, error: null });
    if (!accountId) return;
    try {
      const batches = await call(() => api().batches.list());
      if (request !== latest) return;
      set({
        byId: Object.fromEntries(batches.map((batch) => [batch.id, batch])),
        selectedId: batches[0]?.id ?? null,
      });
    } catch (error) {
      if (request === latest) set({ error: failureMessage(error) });
    }
  },
  apply(event) {
    if (event.accountId !== get().accountId) return;
    const removed = new Set(event.removed);
    const kept = Object.entries(get().byId).filter(([id]) => !removed.has(id));
    set({ byId: Object.fromEntries([...kept, ...event.batches.map((batch) => [batch.id, batch] as const)]) });
  },
  select: (id) => set({ selectedId: id, importOpen: false }),
  openImport: () => set({ importOpen: true }),
  closeImport: () => set({ importOpen: false }),
}));

/** Newest first. */
export function batchesInOrder(byId: Readonly<Record<string, BatchView>>): BatchView[] {
  return Object.values(byId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
