// The queue's list worked out off the page's thread: the worker's copy of the history (queue-index.ts) told
// only what changed, answers as the page's own filter does; only the newest question is answered; a big
// history goes over in parts, one task each; and a worker that fails leaves the list worked out in place.
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../electron/shared/domain/job';
import type { JobsById } from '../../src/features/jobs/jobs-store';
import { DEFAULT_SORT, NO_FILTERS, visibleJobIds } from '../../src/features/queue/queue-filter';
import {
  QueueIndex,
  type FromIndex,
  type ListQuery,
  type ToIndex,
} from '../../src/features/queue/queue-index';
import { VisibleIdsClient, type IndexPort } from '../../src/features/queue/visible-ids-client';
import { job, manyJobs } from './fixtures';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const byIdOf = (jobs: readonly JobView[]): JobsById => Object.fromEntries(jobs.map((one) => [one.id, one]));
const query = (change: Partial<ListQuery['filters']> = {}): ListQuery => ({
  filters: { ...NO_FILTERS, ...change },
  sort: DEFAULT_SORT,
  now: NOW,
  me: null,
});

/** A worker in this process: messages are delivered when `deliver()` is called, as a worker's would be later. */
function inProcessWorker() {
  const index = new QueueIndex();
  const sent: ToIndex[] = [];
  let inbox: ToIndex[] = [];
  let answer: (message: FromIndex) => void = () => undefined;
  let broken: () => void = () => undefined;
  const port: IndexPort = {
    post(message) {
      sent.push(message);
      inbox.push(message);
    },
    listen(onAnswer, onBroken) {
      answer = onAnswer;
      broken = onBroken;
    },
  };
  const tasks: Array<() => void> = [];
  return {
    port,
    sent,
    /** Runs the page's pending tasks (the history's parts), then the worker's messages. */
    deliver() {
      while (tasks.length > 0) tasks.shift()!();
      const messages = inbox;
      inbox = [];
      for (const message of messages) {
        const reply = index.receive(message);
        if (reply) answer(reply);
      }
    },
    fail: () => broken(),
    schedule: (work: () => void) => void tasks.push(work),
    tasks,
  };
}

describe('the queue list worker', () => {
  it('answers as the page’s own filter does, told only the jobs that changed', () => {
    const worker = inProcessWorker();
    const client = new VisibleIdsClient(worker.port, worker.schedule);
    const jobs = manyJobs(300);
    let byId = byIdOf(jobs);
    const answers: string[][] = [];
    client.ask(byId, query({ status: 'FAILED' }), (list) => answers.push(list.ids));
    worker.deliver();
    expect(answers[0]).toEqual(visibleJobIds(byId, query({ status: 'FAILED' }).filters, DEFAULT_SORT, NOW));
    expect(answers[0]).toHaveLength(60);

    // One job fails, one is removed: only those two cross over.
    worker.sent.length = 0;
    const failed = { ...jobs[0]!, status: 'FAILED' as const, tracking: 'final' as const };
    const { ['j-4']: _gone, ...rest } = { ...byId, [failed.id]: failed };
    byId = rest;
    client.ask(byId, query({ status: 'FAILED' }), (list) => answers.push(list.ids));
    worker.deliver();
    expect(worker.sent[0]).toEqual({ kind: 'jobs', reset: false, jobs: [failed], removed: ['j-4'] });
    expect(answers[1]).toEqual(visibleJobIds(byId, query({ status: 'FAILED' }).filters, DEFAULT_SORT, NOW));
    expect(answers[1]).toContain('j-0');
    expect(answers[1]).not.toContain('j-4');
  });

  it('answers only the newest question when several wait (a search typed a letter at a time)', () => {
    const worker = inProcessWorker();
    const client = new VisibleIdsClient(worker.port, worker.schedule);
    const byId = byIdOf([job({ id: 'osaka', summary: 'Osaka' }), job({ id: 'oslo', summary: 'Oslo' })]);
    const answered: Array<[string, string[]]> = [];
    for (const text of ['o', 'os', 'osa']) {
      client.ask(byId, query({ query: text }), (list) => answered.push([text, list.ids]));
    }
    worker.deliver();
    expect(answered).toEqual([['osa', ['osaka']]]);
    // The history went first; the older questions, still waiting behind it, were never sent.
    expect(worker.sent.filter((message) => message.kind === 'query')).toHaveLength(1);
  });

  it('sends 10,000 jobs in parts, one task each', () => {
    const worker = inProcessWorker();
    const client = new VisibleIdsClient(worker.port, worker.schedule);
    client.ask(byIdOf(manyJobs(10_000)), query(), () => undefined);
    // The first part goes at once; the others wait for tasks of their own.
    expect(worker.sent).toHaveLength(1);
    expect(worker.sent[0]).toMatchObject({ kind: 'jobs', reset: true });
    worker.deliver();
    const parts = worker.sent.filter((message) => message.kind === 'jobs');
    expect(parts).toHaveLength(20);
    expect(parts.every((part) => part.kind === 'jobs' && part.jobs.length === 500)).toBe(true);
    expect(worker.sent.at(-1)?.kind).toBe('query');
  });

  it('works the list out in place when the worker fails', () => {
    const worker = inProcessWorker();
    const client = new VisibleIdsClient(worker.port, worker.schedule);
    const byId = byIdOf(manyJobs(50));
    const answers: string[][] = [];
    client.ask(byId, query({ status: 'FAILED' }), (list) => answers.push(list.ids));
    worker.fail();
    while (worker.tasks.length > 0) worker.tasks.shift()!();
    client.ask(byId, query(), (list) => answers.push(list.ids));
    while (worker.tasks.length > 0) worker.tasks.shift()!();
    expect(answers).toEqual([
      visibleJobIds(byId, query({ status: 'FAILED' }).filters, DEFAULT_SORT, NOW),
      visibleJobIds(byId, NO_FILTERS, DEFAULT_SORT, NOW),
    ]);
  });
});
