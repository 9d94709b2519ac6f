// The active account's downloads on screen, keyed by job id: read once per account, kept live by the batched
// `downloads:changed` events. A download's object is replaced only when it changed, so only its own row and
// drawer render again.
import { create } from 'zustand';
import type { DownloadView, DownloadsChanged } from '../../../electron/shared/domain/download';
import { api, call } from '../../lib/api';

export type DownloadsById = Readonly<Record<string, DownloadView>>;

export interface DownloadsState {
  accountId: string | null;
  byId: DownloadsById;
  load(accountId: string | null): Promise<void>;
  apply(event: DownloadsChanged): void;
  clear(): void;
}

let latestLoad = 0;

export const useDownloadsStore = create<DownloadsState>()((set, get) => ({
  accountId: null,
  byId: {},
  async load(accountId) {
    const load = ++latestLoad;
    set({ accountId, byId: {} });
    if (!accountId) return;
    // A failed read leaves the list empty: the next event or account switch fills it; the queue still works.
    const list = await call(() => api().downloads.list()).catch(() => [] as DownloadView[]);
    if (load !== latestLoad) return;
    // Events that arrived meanwhile are newer than the list: they stay on top of it.
    set((state) => ({
      byId: { ...Object.fromEntries(list.map((item) => [item.jobId, item])), ...state.byId },
    }));
  },
  apply(event) {
    if (event.accountId !== get().accountId) return;
    set((state) => {
      const byId: Record<string, DownloadView> = { ...state.byId };
      for (const download of event.downloads) byId[download.jobId] = download;
      for (const id of event.removed) Reflect.deleteProperty(byId, id);
      return { byId };
    });
  },
  clear() {
    latestLoad++;
    set({ accountId: null, byId: {} });
  },
}));
