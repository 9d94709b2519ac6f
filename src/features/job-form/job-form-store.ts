// The project being filled in: its mapping fields and what the app remembers of its form (both loaded on
// choice), whether files can be uploaded, and values waiting to fill the form once its fields have loaded
// (from "Duplicate into the form").
import { create } from 'zustand';
import type { MappingFields, Project } from '../../../electron/shared/api/schemas';
import type { UploadCapability } from '../../../electron/shared/domain/asset';
import { EMPTY_FORM_MEMORY, type FormMemory } from '../../../electron/shared/domain/form-memory';
import { AppFailure, api, call, failureKind, failureMessage } from '../../lib/api';
import { useProjectsStore } from '../projects/projects-store';
import type { FormPrefill } from './prefill';

export interface JobFormState {
  project: Project | null;
  mapping: MappingFields | null;
  /** The chosen project's draft and choices (nothing remembered until loaded, or when it could not be). */
  memory: FormMemory;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** An outage (network, timeout) is said once, in Projects; the form then only points there. */
  errorIsOutage: boolean;
  /** Incremented by the Submit Job command (menu): the open form submits as its button would. */
  submitRequests: number;
  /** Null until asked (per account). */
  capability: UploadCapability | null;
  /** Values for the chosen project's form, applied once (by JobForm) when its fields have loaded. */
  pendingPrefill: FormPrefill | null;
  choose(project: Project): Promise<void>;
  /**
   * Chooses the project of an earlier job and queues its values for the form. Throws an AppFailure when
   * the project is not among the account's active projects (ended, deleted, or another account's).
   */
  prefill(prefill: FormPrefill, projectName: string): Promise<void>;
  /** The form took the pending values. */
  consumePrefill(): void;
  /** Loads the chosen project's fields again (after an error). */
  retry(): Promise<void>;
  clear(): void;
  loadCapability(): Promise<void>;
  requestSubmit(): void;
  /** "Don't ask again for this project" about empty fields; kept by core for the account. */
  skipEmptyCheck(): Promise<void>;
}

let latestRequest = 0;

/** No project chosen: the state at start and after clear(). */
const EMPTY_FORM = {
  project: null,
  mapping: null,
  memory: EMPTY_FORM_MEMORY,
  status: 'idle',
  error: null,
  errorIsOutage: false,
  capability: null,
  pendingPrefill: null,
  submitRequests: 0,
} as const satisfies Partial<JobFormState>;

export const useJobFormStore = create<JobFormState>()((set, get) => ({
  ...EMPTY_FORM,
  async choose(project) {
    const request = ++latestRequest;
    // Values waiting for another project's form are not for this one.
    const pending = get().pendingPrefill;
    set({
      project,
      mapping: null,
      memory: EMPTY_FORM_MEMORY,
      status: 'loading',
      error: null,
      pendingPrefill: pending?.projectId === project.projectId ? pending : null,
    });
    try {
      const [mapping, memory] = await Promise.all([
        call(() => api().projects.fields({ projectId: project.projectId })),
        // The form opens without its memory rather than not at all: a draft is a convenience.
        call(() => api().forms.get({ projectId: project.projectId })).catch(() => EMPTY_FORM_MEMORY),
      ]);
      if (request === latestRequest) set({ mapping, memory, status: 'ready' });
    } catch (error) {
      if (request === latestRequest) {
        const kind = failureKind(error);
        set({
          status: 'error',
          error: failureMessage(error),
          errorIsOutage: kind === 'network' || kind === 'timeout',
        });
      }
    }
  },
  async retry() {
    const project = get().project;
    if (project) await get().choose(project);
  },
  async prefill(prefill, projectName) {
    const projects = useProjectsStore.getState();
    if (projects.status !== 'ready') await projects.load();
    const project = useProjectsStore.getState().projects.find((p) => p.projectId === prefill.projectId);
    if (!project) {
      const name = projectName.trim() ? `“${projectName.trim()}”` : 'This job’s project';
      throw new AppFailure(
        'not-found',
        `${name} is not among the account’s active projects now, so its form cannot be opened. Its dates may have passed: check the project in the web app, then choose Refresh in Projects.`,
      );
    }
    set({ pendingPrefill: prefill });
    void get().choose(project);
  },
  consumePrefill() {
    set({ pendingPrefill: null });
  },
  clear() {
    latestRequest++;
    set(EMPTY_FORM);
  },
  requestSubmit() {
    set((state) => ({ submitRequests: state.submitRequests + 1 }));
  },
  async skipEmptyCheck() {
    const project = get().project;
    if (!project) return;
    set({ memory: { ...get().memory, skipEmptyCheck: true } });
    await call(() => api().forms.setSkipEmptyCheck({ projectId: project.projectId, skip: true }));
  },
  async loadCapability() {
    try {
      set({ capability: await call(() => api().assets.capability()) });
    } catch (error) {
      set({ capability: { available: false, reason: failureMessage(error) } });
    }
  },
}));
