// The page's side of the queue's list worker (queue-index.ts): tells it what changed in the history since
// the last time (only the jobs whose objects were replaced), and asks for the ids a query shows. The history
// goes over in parts, one task each, so that copying 10,000 jobs to the worker is no long task either.
// Where no worker can run (a test's jsdom) or the worker fails to start, the list is worked out here.
import type { JobView } from '../../../electron/shared/domain/job';
import { historyChanges } from '../jobs/history-changes';
import type { JobsById } from '../jobs/jobs-store';
import { listOf, type FromIndex, type ListQuery, type ShownList, type ToIndex } from './queue-index';

/** Jobs per message: copying a part to the worker stays a few milliseconds, even on a slow computer. */
const PART = 500;

/** The worker as the client uses it (a real Worker, or a stand-in in tests). */
export interface IndexPort {
  post(message: ToIndex): void;
  /** Answers, and `broken` when the worker failed (the client then works the list out itself). */
  listen(onAnswer: (answer: FromIndex) => void, onBroken: () => void): void;
}

/** Runs `work` in a task of its own, soon. */
export type TaskScheduler = (work: () => void) => void;

/** The works waiting for their task, in order, and the one channel that runs them (made when first needed). */
const queuedWork: (() => void)[] = [];
let taskChannel: MessageChannel | null = null;

const nextTask: TaskScheduler = (work) => {
  // A message to oneself runs as the next task, without the 4 ms a chain of timers is held back by. One
  // channel for every task: a channel each was a page object made, closed and collected several times a frame.
  if (!taskChannel) {
    taskChannel = new MessageChannel();
    taskChannel.port1.onmessage = () => queuedWork.shift()?.();
  }
  queuedWork.push(work);
  taskChannel.port2.postMessage(null);
};

export class VisibleIdsClient {
  private synced: JobsById | null = null;
  private seq = 0;
  private readonly waiting = new Map<number, { query: ListQuery; answer(list: ShownList): void }>();
  private readonly outbox: ToIndex[] = [];
  private pumping = false;
  private broken = false;

  constructor(
    private readonly port: IndexPort,
    private readonly schedule: TaskScheduler = nextTask,
  ) {
    port.listen(
      (answer) => {
        const asked = this.waiting.get(answer.seq);
        this.waiting.delete(answer.seq);
        asked?.answer(answer.list);
      },
      () => this.breakDown(),
    );
  }

  /** Asks for the list `query` shows in `byId`; `answer` is called once, later. */
  ask(byId: JobsById, query: ListQuery, answer: (list: ShownList) => void): void {
    if (this.broken) {
      this.schedule(() => answer(listOf(byId, query)));
      return;
    }
    this.sync(byId);
    const seq = ++this.seq;
    // Only the newest question is worth answering: older ones still waiting are dropped.
    for (const older of this.waiting.keys()) if (older < seq) this.waiting.delete(older);
    this.waiting.set(seq, { query, answer });
    this.send({ kind: 'query', seq, query });
  }

  /** Sends what changed in the history since the last sync: replaced jobs (by object) and removed ones. */
  private sync(byId: JobsById): void {
    const before = this.synced;
    if (byId === before) return;
    this.synced = byId;
    let reset = before === null;
    let jobs: JobView[] = [];
    const removed: string[] = [];
    if (before !== null) {
      // The jobs store says which jobs changed (a frame's few): the whole history is compared only when
      // it cannot (a history loaded whole, or too many versions ago).
      const ids = historyChanges.between(before, byId);
      if (ids) {
        for (const id of ids) {
          const job = byId[id];
          if (job === undefined) {
            if (before[id] !== undefined) removed.push(id);
          } else if (before[id] !== job) jobs.push(job);
        }
      } else {
        for (const id in byId) {
          const job = byId[id];
          if (job !== undefined && before[id] !== job) jobs.push(job);
        }
        for (const id in before) if (!(id in byId)) removed.push(id);
        // Another account, or most of the history new: sent whole.
        if (jobs.length > PART && jobs.length > Object.keys(byId).length / 2) reset = true;
      }
    }
    if (reset) {
      jobs = Object.values(byId);
      removed.length = 0;
    }
    if (!reset && jobs.length === 0 && removed.length === 0) return;
    this.send({ kind: 'jobs', reset, jobs: jobs.slice(0, PART), removed });
    for (let start = PART; start < jobs.length; start += PART) {
      this.send({ kind: 'jobs', reset: false, jobs: jobs.slice(start, start + PART), removed: [] });
    }
  }

  /** Messages go in order, one per task while several wait (each copy of jobs is work for this thread). */
  private send(message: ToIndex): void {
    // A question not sent yet is outdated by a newer one: the worker need not answer it.
    if (message.kind === 'query') {
      const older = this.outbox.findIndex((waiting) => waiting.kind === 'query');
      if (older >= 0) this.outbox.splice(older, 1);
    }
    this.outbox.push(message);
    if (this.pumping) return;
    this.pumping = true;
    this.pump();
  }

  private pump(): void {
    const message = this.outbox.shift();
    if (!message) {
      this.pumping = false;
      return;
    }
    this.port.post(message);
    // The next message (a part sent in this same task too) waits for a task of its own.
    this.schedule(() => this.pump());
  }

  /** The worker failed: the questions still open are answered here, and every later one. */
  private breakDown(): void {
    if (this.broken) return;
    this.broken = true;
    this.outbox.length = 0;
    const byId = this.synced ?? {};
    for (const { query, answer } of this.waiting.values()) {
      this.schedule(() => answer(listOf(byId, query)));
    }
    this.waiting.clear();
  }
}

/** A port over a real module worker, or null where the page cannot start one. */
function workerPort(): IndexPort | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./queue-index.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  return {
    post: (message) => worker.postMessage(message),
    listen(onAnswer, onBroken) {
      worker.addEventListener('message', (event: MessageEvent<FromIndex>) => onAnswer(event.data));
      worker.addEventListener('error', () => onBroken());
      worker.addEventListener('messageerror', () => onBroken());
    },
  };
}

let shared: VisibleIdsClient | null | undefined;

/** The page's one client, or null where no worker can run (the list is then worked out in place). */
export function visibleIdsClient(): VisibleIdsClient | null {
  if (shared === undefined) {
    const port = workerPort();
    shared = port ? new VisibleIdsClient(port) : null;
  }
  return shared;
}
