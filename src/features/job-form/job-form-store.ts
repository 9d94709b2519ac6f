// The project being filled in: its mapping fields (loaded on choice), and whether files can be uploaded.
import { create } from 'zustand';
import type { MappingFields, Project } from '../../../electron/shared/api/schemas';
import type { UploadCapability } from '../../../electron/shared/domain/asset';
import { api, call, failureMessage } from '../../lib/api';

export interface JobFormState {
  project: Project | null;
  mapping: MappingFields | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Null until asked (per account). */
  capability: UploadCapability | null;
  choose(project: Project): Promise<void>;
  /** Loads the chosen project's fields again (after an error). */
  retry(): Promise<void>;
  clear(): void;
  loadCapability(): Promise<void>;
}

let latestRequest = 0;

export const useJobFormStore = create<JobFormState>()((set, get) => ({
  project: null,
  mapping: null,
  status: 'idle',
  error: null,
  capability: null,
  async choose(project) {
    const request = ++latestRequest;
    set({ project, mapping: null, status: 'loading', error: null });
    try {
      const mapping = await call(() => api().projects.fields({ projectId: project.projectId }));
      if (request === latestRequest) set({ mapping, status: 'ready' });
    } catch (error) {
      if (request === latestRequest) set({ status: 'error', error: failureMessage(error) });
    }
  },
  async retry() {
    const project = get().project;
    if (project) await get().choose(project);
  },
  clear() {
    latestRequest++;
    set({ project: null, mapping: null, status: 'idle', error: null, capability: null });
  },
  async loadCapability() {
    try {
      set({ capability: await call(() => api().assets.capability()) });
    } catch (error) {
      set({ capability: { available: false, reason: failureMessage(error) } });
    }
  },
}));
