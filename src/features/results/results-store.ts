// The Results screen's own state: its filters (kept while other screens are shown), the result that has
// focus in the grid, and how its last action went.
import { create } from 'zustand';
import type { NoticeData } from '../../components/NoticeBar';
import { ALL, type ResultFilter } from './result-items';

export interface ResultsState {
  filter: ResultFilter;
  /** The job whose card takes Tab into the grid (roving tabindex); null: the first. */
  activeId: string | null;
  /** The audio result playing, if any: one at a time. */
  playingId: string | null;
  notice: NoticeData | null;
  setFilter(change: Partial<ResultFilter>): void;
  setActive(jobId: string | null): void;
  setPlaying(jobId: string | null): void;
  notify(notice: NoticeData | null): void;
}

export const useResultsStore = create<ResultsState>()((set) => ({
  filter: { projectId: ALL, batchId: ALL },
  activeId: null,
  playingId: null,
  notice: null,
  setFilter: (change) => set((state) => ({ filter: { ...state.filter, ...change } })),
  setActive: (activeId) => set({ activeId }),
  setPlaying: (playingId) => set({ playingId }),
  notify: (notice) => set({ notice }),
}));
