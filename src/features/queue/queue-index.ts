// The queue's list off the page's main thread: a copy of the history kept in a worker (queue-index.worker.ts),
// told what changed, and asked which jobs a filter, search and order show. Filtering, searching and sorting
// 10,000 jobs took 50–300 ms of the page's thread; there the page stays free to draw and answer keys.
// The messages between the page and the worker, and the worker's side (pure, so it runs in Node's tests too).
import type { JobView } from '../../../electron/shared/domain/job';
import type { JobsById } from '../jobs/jobs-store';
import { stateKeyOf } from '../jobs/job-status';
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

/** What the queue shows: the ids in order, and those of them failed, and finished with a file. */
export interface ShownList {
  ids: string[];
  /** For "Select all failed". */
  failed: string[];
  /** For Download when nothing is selected. */
  withFile: string[];
}

/** The list shown for query `seq`. */
export interface FromIndex {
  kind: 'ids';
  seq: number;
  list: ShownList;
}

/** The list a query shows in `byId` (the same here and in the worker). */
export function listOf(byId: JobsById, { filters, sort, now, me }: ListQuery): ShownList {
  const ids = visibleJobIds(byId, filters, sort, now, me);
  const failed: string[] = [];
  const withFile: string[] = [];
  for (const id of ids) {
    const job = byId[id];
    if (!job) continue;
    if (stateKeyOf(job) === 'FAILED') failed.push(id);
    if (job.status === 'SUCCESS' && job.outputPath) withFile.push(id);
  }
  return { ids, failed, withFile };
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
    return { kind: 'ids', seq: message.seq, list: listOf(this.byId, message.query) };
  }
}
