// Submitted jobs, newest first, kept live by `jobs:changed`; status changes are announced for screen readers.
import { create } from 'zustand';
import type { JobSummary } from '../../../electron/shared/domain/job';
import { api, call, failureMessage } from '../../lib/api';
import { statusLabel } from './job-status';

export interface JobsState {
  jobs: JobSummary[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** The last status change, in words, for the polite live region. */
  announcement: string;
  load(): Promise<void>;
  upsert(job: JobSummary): void;
}

function newestFirst(a: JobSummary, b: JobSummary): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id);
}

function describe(job: JobSummary): string {
  const name = job.projectName || 'Untitled project';
  return `${name}: ${statusLabel(job.status)}${job.error ? `. ${job.error}` : ''}`;
}

export const useJobsStore = create<JobsState>()((set, get) => ({
  jobs: [],
  status: 'idle',
  error: null,
  announcement: '',
  async load() {
    set({ status: 'loading', error: null });
    try {
      const listed = await call(() => api().jobs.list());
      // Events that arrived while the list was loading are newer than the list: keep them.
      const byId = new Map(listed.map((job) => [job.id, job]));
      for (const job of get().jobs) {
        const known = byId.get(job.id);
        if (!known || Date.parse(job.updatedAt) > Date.parse(known.updatedAt)) byId.set(job.id, job);
      }
      set({ jobs: [...byId.values()].sort(newestFirst), status: 'ready' });
    } catch (error) {
      set({ status: 'error', error: failureMessage(error) });
    }
  },
  upsert(job) {
    const previous = get().jobs.find((known) => known.id === job.id);
    const others = get().jobs.filter((known) => known.id !== job.id);
    const changed = !previous || previous.status !== job.status;
    set({
      jobs: [job, ...others].sort(newestFirst),
      ...(changed ? { announcement: describe(job) } : {}),
    });
  },
}));
