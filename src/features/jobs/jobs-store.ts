// The job history on screen, keyed by id: the active account's jobs (and those kept from removed accounts),
// loaded once per account and kept live by `jobs:changed` events, gathered and applied once a frame in one
// set() (receiveChanges). A job's object is replaced only when that job changed, so a list row re-renders
// only for its own changes.
import { create } from 'zustand';
import type { JobsChanged, JobView } from '../../../electron/shared/domain/job';
import { api, call, failureMessage } from '../../lib/api';
import { useAccountsStore } from '../accounts/accounts-store';
import { frameQueue } from './frame-queue';
import { historyChanges } from './history-changes';
import { jobStateWords, stateKeyOf } from './job-status';
import { jobName } from './job-words';

export type JobsById = Readonly<Record<string, JobView>>;

export interface JobsState {
  /** The account whose history is loaded; events about any other account are ignored. */
  accountId: string | null;
  byId: JobsById;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** The last change worth hearing, in words, for the polite live region. */
  announcement: string;
  /** Jobs submitted from this window since it opened, newest first (the Create screen lists them). */
  sessionIds: readonly string[];
  load(accountId?: string | null): Promise<void>;
  /** Applies the event now. */
  applyChanges(event: JobsChanged): void;
  /** An event from main: applied with the others of the same frame, in one set() (one render). */
  receiveChanges(event: JobsChanged): void;
  /** A job main answered with (submit, track, resubmit). */
  upsert(job: JobView): void;
  /** A job just submitted from the form: kept, and listed as this session's. */
  addSubmitted(job: JobView): void;
  /** Jobs gone from the history (removed, discarded). */
  forget(ids: readonly string[]): void;
  clear(): void;
}

let latestLoad = 0;
/**
 * The active account's jobs, and those kept from removed accounts, belong in this history (before the
 * first list names the account, anything does: that list will settle it).
 */
function belongsHere(job: JobView, accountId: string | null): boolean {
  return accountId === null || job.archived || job.accountId === accountId;
}

/** Events received while a list is on its way: as new as the list or newer, so applied on top of it. */
let eventsDuringLoad: JobsChanged[] = [];

function applyTo(byId: Record<string, JobView>, event: Pick<JobsChanged, 'jobs' | 'removed'>): void {
  for (const job of event.jobs) byId[job.id] = job;
  for (const id of event.removed) Reflect.deleteProperty(byId, id);
}

/** `previous` with `change` made: a new object (readers compare by identity), its change noted. */
function changed(previous: JobsById, change: (byId: Record<string, JobView>) => readonly string[]): JobsById {
  const byId = { ...previous };
  historyChanges.note(previous, byId, change(byId));
  return byId;
}

function withJob(previous: JobsById, job: JobView): JobsById {
  return changed(previous, (draft) => {
    draft[job.id] = job;
    return [job.id];
  });
}

/** The ids a run of events touches. */
function idsOf(events: readonly Pick<JobsChanged, 'jobs' | 'removed'>[]): string[] {
  return events.flatMap((event) => [...event.jobs.map((job) => job.id), ...event.removed]);
}

/** The jobs that changed in a run of events, each once, as the last event left it. */
function lastOfEach(events: readonly JobsChanged[]): JobView[] {
  if (events.length === 1) return [...(events[0]?.jobs ?? [])];
  const byId = new Map<string, JobView>();
  for (const event of events) {
    for (const job of event.jobs) byId.set(job.id, job);
    for (const id of event.removed) byId.delete(id);
  }
  return [...byId.values()];
}

/** What to say about a batch of changes: one job's new state, or how many finished. */
function describeChanges(previous: JobsById, jobs: readonly JobView[]): string | null {
  const moved = jobs.filter((job) => {
    const before = previous[job.id];
    return !before || stateKeyOf(before) !== stateKeyOf(job);
  });
  if (moved.length === 0) return null;
  const [only] = moved;
  if (moved.length === 1 && only) return `${jobName(only)}: ${jobStateWords(only).label}`;
  const count = (key: string) => moved.filter((job) => stateKeyOf(job) === key).length;
  const parts = [
    [count('SUCCESS'), 'succeeded'],
    [count('FAILED'), 'failed'],
    [count('lost'), 'lost'],
    [count('unknown'), 'with an unknown outcome'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, words]) => `${n} ${words}`);
  return said.length > 0 ? `${moved.length} jobs changed: ${said.join(', ')}.` : null;
}

const initial = {
  accountId: null,
  byId: {},
  status: 'idle',
  error: null,
  announcement: '',
  sessionIds: [],
} satisfies Partial<JobsState>;

export const useJobsStore = create<JobsState>()((set, get) => {
  /** Applies a run of events (as they came) in one set(). */
  const applyAll = (events: readonly JobsChanged[]) => {
    const accountId = get().accountId;
    const ours = events.filter(
      (event) => event.accountId === accountId && (event.jobs.length > 0 || event.removed.length > 0),
    );
    if (ours.length === 0) return;
    if (get().status === 'loading') eventsDuringLoad.push(...ours);
    set((state) => {
      const byId = changed(state.byId, (draft) => {
        for (const event of ours) applyTo(draft, event);
        return idsOf(ours);
      });
      const announcement = describeChanges(state.byId, lastOfEach(ours));
      return announcement ? { byId, announcement } : { byId };
    });
  };
  const waiting = frameQueue(applyAll);
  return {
    ...initial,
    async load(accountId = useAccountsStore.getState().snapshot?.activeId ?? null) {
      // Events that came before this list are older than it: applied first, never on top of it.
      waiting.flush();
      const request = ++latestLoad;
      eventsDuringLoad = [];
      const switching = accountId !== get().accountId;
      set({
        accountId,
        status: 'loading',
        error: null,
        ...(switching ? { byId: {}, announcement: '' } : {}),
      });
      if (!accountId) {
        set({ status: 'idle' });
        return;
      }
      try {
        const listed = await call(() => api().jobs.list({ includeArchived: true }));
        if (request !== latestLoad) return;
        const byId: Record<string, JobView> = {};
        for (const job of listed) byId[job.id] = job;
        for (const event of eventsDuringLoad) applyTo(byId, event);
        eventsDuringLoad = [];
        set({ byId, status: 'ready' });
      } catch (error) {
        if (request === latestLoad) set({ status: 'error', error: failureMessage(error) });
      }
    },
    applyChanges(event) {
      // Whatever came before it is applied before it.
      waiting.flush();
      applyAll([event]);
    },
    receiveChanges(event) {
      waiting.push(event);
    },
    upsert(job) {
      // An answer from main comes after the events sent before it: those are applied first.
      waiting.flush();
      if (!belongsHere(job, get().accountId)) return;
      set((state) => ({ byId: withJob(state.byId, job) }));
    },
    addSubmitted(job) {
      waiting.flush();
      // The person may have switched accounts while the submit was on its way.
      if (!belongsHere(job, get().accountId)) return;
      set((state) => ({
        byId: withJob(state.byId, job),
        sessionIds: [job.id, ...state.sessionIds.filter((id) => id !== job.id)],
      }));
    },
    forget(ids) {
      waiting.flush();
      if (!ids.some((id) => Object.hasOwn(get().byId, id))) return;
      set((state) => {
        const byId = changed(state.byId, (draft) => {
          for (const id of ids) Reflect.deleteProperty(draft, id);
          return ids;
        });
        return { byId };
      });
    },
    clear() {
      waiting.flush();
      latestLoad++;
      eventsDuringLoad = [];
      set({ accountId: null, byId: {}, status: 'idle', error: null, announcement: '' });
    },
  };
});
