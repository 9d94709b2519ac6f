// @vitest-environment jsdom
// What is worked out from the whole history follows it from the jobs each change touched (history-changes.ts):
// the log tells which jobs changed between two versions (or that it cannot tell), and the counts, the
// average cost, the filters' options and the list worker's copy stay what reading every job would give,
// through changes, removals, archived jobs, a reload and a long way behind.
import './setup';
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../electron/shared/domain/job';
import { HistoryChanges, historyChanges } from '../../src/features/jobs/history-changes';
import { averageCreditUsed, jobCounts } from '../../src/features/jobs/job-selectors';
import { useJobsStore, type JobsById } from '../../src/features/jobs/jobs-store';
import { isRunning } from '../../src/features/jobs/job-status';
import { FilterOptionsTally } from '../../src/features/queue/filter-options-tally';
import { filterOptions } from '../../src/features/queue/queue-filter';
import { QueueIndex, type FromIndex, type ToIndex } from '../../src/features/queue/queue-index';
import { VisibleIdsClient } from '../../src/features/queue/visible-ids-client';
import { NO_FILTERS } from '../../src/features/queue/queue-filter';
import { job, manyJobs, seedHistory } from './fixtures';

describe('the history change log', () => {
  it('says which jobs changed between two versions, over several steps, each id once', () => {
    const log = new HistoryChanges();
    const v0: JobsById = {};
    const v1: JobsById = {};
    const v2: JobsById = {};
    const v3: JobsById = {};
    log.note(v0, v1, ['a', 'b']);
    log.note(v1, v2, ['b', 'c']);
    log.note(v2, v3, ['d']);
    expect(log.between(v1, v2)).toEqual(['b', 'c']);
    expect(log.between(v0, v3)).toEqual(['a', 'b', 'c', 'd']);
    expect(log.between(v2, v2)).toEqual([]);
    // Backwards, or a version it never saw (a history loaded whole): it cannot tell.
    expect(log.between(v3, v1)).toBeNull();
    expect(log.between({}, v3)).toBeNull();
  });

  it('cannot tell across a history that was not reached by noted changes, nor too far back', () => {
    const log = new HistoryChanges();
    const v0: JobsById = {};
    const v1: JobsById = {};
    log.note(v0, v1, ['a']);
    const loaded: JobsById = {};
    const v2: JobsById = {};
    log.note(loaded, v2, ['b']);
    expect(log.between(v0, v2)).toBeNull();
    expect(log.between(loaded, v2)).toEqual(['b']);

    let last = v2;
    for (let step = 0; step < 100; step += 1) {
      const next: JobsById = {};
      log.note(last, next, [`j-${step}`]);
      last = next;
    }
    expect(log.between(v2, last)).toBeNull();
  });
});

/** A job of the project manyJobs() names "Social Banner" (one name per project, as the service gives). */
const inP0 = (overrides: Partial<JobView>) => job({ projectId: 'p-0', ...overrides });

function apply(jobs: JobView[], removed: string[] = []): void {
  useJobsStore.getState().applyChanges({ accountId: 'a-1', jobs, removed });
}

/** What reading every job gives. */
function counted(byId: JobsById, accountId: string) {
  const own = Object.values(byId).filter((one) => !one.archived && one.accountId === accountId);
  const used = own.filter((one) => one.tracking === 'final' && (one.creditUsed ?? 0) > 0);
  return {
    counts: {
      running: own.filter((one) => isRunning(one)).length,
      unknown: own.filter((one) => !isRunning(one) && one.tracking === 'unknown').length,
    },
    average: used.length > 0 ? used.reduce((sum, one) => sum + (one.creditUsed ?? 0), 0) / used.length : null,
  };
}

describe('figures kept from the changes', () => {
  it('stay what reading every job gives, through changes, removals, archived jobs and a reload', () => {
    seedHistory(manyJobs(200));
    const tally = new FilterOptionsTally();
    const names = new Map<string, string>();
    const check = () => {
      const { byId } = useJobsStore.getState();
      const expected = counted(byId, 'a-1');
      expect(jobCounts(byId, 'a-1')).toEqual(expected.counts);
      const average = averageCreditUsed(byId, 'a-1');
      if (expected.average === null) expect(average).toBeNull();
      else expect(average).toBeCloseTo(expected.average, 9);
      expect(tally.options(byId, names)).toEqual(filterOptions(byId, names));
    };
    check();
    apply(
      Array.from({ length: 40 }, (_, index) =>
        job({
          id: `j-${index}`,
          status: 'SUCCESS',
          tracking: 'final',
          creditUsed: 0.1 * (index + 1),
          projectId: `p-${index % 3}`,
          projectName: ['Social Banner', 'Podcast Intro', 'Spring Teaser'][index % 3]!,
          batchId: index % 2 === 0 ? 'b-1' : null,
          submittedBy: index % 5 === 0 ? null : `Person ${index % 4}`,
        }),
      ),
    );
    check();
    apply([inP0({ id: 'j-new', tracking: 'unknown', status: null })], ['j-1', 'j-2', 'j-150']);
    check();
    apply([inP0({ id: 'j-3', archived: true, creditUsed: 5, status: 'SUCCESS', tracking: 'final' })]);
    check();
    // Every job of project p-2 gone: it leaves the options.
    const { byId } = useJobsStore.getState();
    apply(
      [],
      Object.values(byId)
        .filter((one) => one.projectId === 'p-2')
        .map((one) => one.id),
    );
    check();
    useJobsStore.getState().forget(['j-0']);
    useJobsStore.getState().upsert(inP0({ id: 'j-up', status: 'STARTED' }));
    check();
    // Many frames while no reader looked (a hidden screen): read from the log, several steps at once.
    for (let step = 0; step < 10; step += 1) apply([inP0({ id: `j-${100 + step}`, tracking: 'unknown' })]);
    check();
    // A history loaded whole: read whole again.
    seedHistory(manyJobs(50));
    check();
  });

  it('give the same options object while no option comes or goes', () => {
    seedHistory(manyJobs(100));
    const tally = new FilterOptionsTally();
    const names = new Map<string, string>();
    const first = tally.options(useJobsStore.getState().byId, names);
    apply([job({ id: 'j-5', status: 'STARTED' })]);
    expect(tally.options(useJobsStore.getState().byId, names)).toBe(first);
    apply([job({ id: 'j-5', jobType: 'avatar' })]);
    expect(tally.options(useJobsStore.getState().byId, names)).not.toBe(first);
  });
});

describe("the list worker's copy", () => {
  it('receives only the jobs a change touched, and stays the history', () => {
    seedHistory(manyJobs(300));
    const index = new QueueIndex();
    const sent: ToIndex[] = [];
    const answers: FromIndex[] = [];
    let onAnswer: (answer: FromIndex) => void = () => undefined;
    const client = new VisibleIdsClient(
      {
        post(message) {
          sent.push(message);
          const answer = index.receive(message);
          if (answer) answers.push(answer);
        },
        listen(answered) {
          onAnswer = answered;
        },
      },
      (work) => work(),
    );
    const query = {
      filters: NO_FILTERS,
      sort: { key: 'created', direction: 'descending' },
      now: 0,
      me: null,
    } as const;
    client.ask(useJobsStore.getState().byId, query, () => undefined);
    sent.length = 0;
    apply([job({ id: 'j-7', status: 'FAILED', tracking: 'final' })], ['j-8']);
    client.ask(useJobsStore.getState().byId, query, () => undefined);
    const jobsMessages = sent.filter((message) => message.kind === 'jobs');
    expect(jobsMessages).toEqual([
      { kind: 'jobs', reset: false, jobs: [useJobsStore.getState().byId['j-7']], removed: ['j-8'] },
    ]);
    const last = answers.at(-1);
    onAnswer(last!);
    expect(last?.list.ids).toHaveLength(299);
    expect(last?.list.failed).toContain('j-7');
    expect(historyChanges.between(useJobsStore.getState().byId, useJobsStore.getState().byId)).toEqual([]);
  });
});
