// The active account's active projects, and the search and type filter applied to them.
import { create } from 'zustand';
import type { Project } from '../../../electron/shared/api/schemas';
import { api, call, failureMessage } from '../../lib/api';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ProjectsState {
  projects: Project[];
  status: LoadStatus;
  error: string | null;
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
  query: '',
  typeFilter: '',
  async load() {
    const request = ++latestRequest;
    set({ status: 'loading', error: null });
    try {
      const projects = await call(() => api().projects.list());
      if (request === latestRequest) set({ projects, status: 'ready' });
    } catch (error) {
      if (request === latestRequest) set({ status: 'error', error: failureMessage(error) });
    }
  },
  clear() {
    latestRequest++;
    set({ projects: [], status: 'idle', error: null, query: '', typeFilter: '' });
  },
  setQuery: (query) => set({ query }),
  setTypeFilter: (typeFilter) => set({ typeFilter }),
}));
