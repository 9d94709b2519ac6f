// The active account's downloads on screen, keyed by job id: read once per account, kept live by the batched
// `downloads:changed` events, gathered and applied once a frame in one set() (receive). A download's object is replaced only when it changed, so only its own row and
// drawer render again.
import { create } from 'zustand';
import type { DownloadView, DownloadsChanged } from '../../../electron/shared/domain/download';
import { api, call } from '../../lib/api';
import { frameQueue } from '../jobs/frame-queue';

export type DownloadsById = Readonly<Record<string, DownloadView>>;

export interface DownloadsState {
  accountId: string | null;
  byId: DownloadsById;
  load(accountId: string | null): Promise<void>;
  /** Applies the event now. */
  apply(event: DownloadsChanged): void;
  /** An event from main: applied with the others of the same frame, in one set() (one render). */
  receive(event: DownloadsChanged): void;
  clear(): void;
}

let latestLoad = 0;

export const useDownloadsStore = create<DownloadsState>()((set, get) => {
  /** Applies a run of events (as they came) in one set(). */
  const applyAll = (events: readonly DownloadsChanged[]) => {
    const ours = events.filter((event) => event.accountId === get().accountId);
    if (ours.length === 0) return;
    set((state) => {
      const byId: Record<string, DownloadView> = { ...state.byId };
      for (const event of ours) {
        for (const download of event.downloads) byId[download.jobId] = download;
        for (const id of event.removed) Reflect.deleteProperty(byId, id);
      }
      return { byId };
    });
  };
  const waiting = frameQueue(applyAll);
  return {
    accountId: null,
    byId: {},
    async load(accountId) {
      // Events that came before this list belong to the list before it.
      waiting.flush();
      const load = ++latestLoad;
      set({ accountId, byId: {} });
      if (!accountId) return;
      // A failed read leaves the list empty: the next event or account switch fills it; the queue still works.
      const list = await call(() => api().downloads.list()).catch(() => [] as DownloadView[]);
      if (load !== latestLoad) return;
      // Events that arrived meanwhile are newer than the list: they stay on top of it.
      waiting.flush();
      set((state) => ({
        byId: { ...Object.fromEntries(list.map((item) => [item.jobId, item])), ...state.byId },
      }));
    },
    apply(event) {
      // Whatever came before it is applied before it.
      waiting.flush();
      applyAll([event]);
    },
    receive(event) {
      waiting.push(event);
    },
    clear() {
      waiting.flush();
      latestLoad++;
      set({ accountId: null, byId: {} });
    },
  };
});
