// The active account's active projects, and the search and type filter applied to them. A failed refresh
// keeps the list that was loaded (stale, with the time it was loaded); only a successful one replaces it.
import { create } from 'zustand';
import type { Project } from '../../../electron/shared/api/schemas';
import { api, call, failureMessage } from '../../lib/api';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ProjectsState {
  projects: Project[];
  status: LoadStatus;
  /** Why the latest load failed; kept while the next one runs, so its notice does not flicker away. */
  error: string | null;
  /** When `projects` was last loaded (ms since the epoch), or null before any load succeeded. */
  loadedAt: number | null;
  query: string;
  /** A projectType, or '' for every type. */
  typeFilter: string;
  load(): Promise<void>;
  clear(): void;
  setQuery(query: string): void;
  setTypeFilter(type: string): void;
}

let latestRequest = 0;

export const useProjectsStore = create<ProjectsState>()((set) => ({
  projects: [],
  status: 'idle',
  error: null,
  loadedAt: null,
  query: '',
  typeFilter: '',
  async load() {
    const request = ++latestRequest;
    set({ status: 'loading' });
    try {
      const projects = await call(() => api().projects.list());
      if (request === latestRequest) set({ projects, status: 'ready', error: null, loadedAt: Date.now() });
    } catch (error) {
      if (request === latestRequest) set({ status: 'error', error: failureMessage(error) });
    }
  },
  clear() {
    latestRequest++;
    set({ projects: [], status: 'idle', error: null, loadedAt: null, query: '', typeFilter: '' });
  },
  setQuery: (query) => set({ query }),
  setTypeFilter: (typeFilter) => set({ typeFilter }),
}));

/** The list on screen is an earlier one: the latest refresh failed after an earlier load succeeded. */
export function selectStale(state: Pick<ProjectsState, 'error' | 'loadedAt'>): boolean {
  return state.error !== null && state.loadedAt !== null;
}
