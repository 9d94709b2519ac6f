// The queue's list off the page's main thread: a copy of the history kept in a worker (queue-index.worker.ts),
// told what changed, and asked which jobs a filter, search and order show. Filtering, searching and sorting
// 10,000 jobs took 50–300 ms of the page's thread; there the page stays free to draw and answer keys.
// The messages between the page and the worker, and the worker's side (pure, so it runs in Node's tests too).
import type { JobView } from '../../../electron/shared/domain/job';
import { visibleJobIds, type QueueFilters, type QueueSort } from './queue-filter';

/** What the list shows: the filters and search, the order, the time for the date filter, and "Me". */
export interface ListQuery {
  filters: QueueFilters;
  sort: QueueSort;
  now: number;
  me: string | null;
}

export type ToIndex =
  /** Jobs new or changed since the last message, and jobs gone; `reset` starts from an empty history. */
  | { kind: 'jobs'; reset: boolean; jobs: JobView[]; removed: string[] }
  | { kind: 'query'; seq: number; query: ListQuery };

/** The ids shown for query `seq`, in order. */
export interface FromIndex {
  kind: 'ids';
  seq: number;
  ids: string[];
}

/** The worker's copy of the history and its answers. */
export class QueueIndex {
  private byId: Record<string, JobView> = {};

  receive(message: ToIndex): FromIndex | null {
    if (message.kind === 'jobs') {
      if (message.reset) this.byId = {};
      for (const job of message.jobs) this.byId[job.id] = job;
      for (const id of message.removed) Reflect.deleteProperty(this.byId, id);
      return null;
    }
    const { filters, sort, now, me } = message.query;
    return { kind: 'ids', seq: message.seq, ids: visibleJobIds(this.byId, filters, sort, now, me) };
  }
}
