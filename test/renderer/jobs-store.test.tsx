// @vitest-environment jsdom
// The history store: keyed by id, batched jobs:changed events applied in one set() (unchanged jobs keep
// their objects), other accounts' events ignored, events during a load kept; and in the queue's windowed
// grid, a job's change renders that job's row again and no other.
import './setup';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { JobView } from '../../electron/shared/domain/job';
import { useJobsStore } from '../../src/features/jobs/jobs-store';
import { useNavStore, type Screen } from '../../src/features/navigation/nav-store';
import { QueueScreen } from '../../src/features/queue/QueueScreen';
import { renderProbe } from '../../src/lib/render-probe';
import { installFakeApi } from './fake-api';
import { job, manyJobs, seedHistory } from './fixtures';

describe('jobs store', () => {
  it('applies a batch of changes and removals in one set(), keeping unchanged jobs as they were', () => {
    const jobs = manyJobs(1000);
    seedHistory(jobs);
    const before = useJobsStore.getState().byId;
    const listener = vi.fn();
    const unsubscribe = useJobsStore.subscribe(listener);

    const changed = jobs
      .slice(0, 300)
      .map((one) => ({ ...one, status: 'SUCCESS', tracking: 'final' as const }));
    useJobsStore.getState().applyChanges({ accountId: 'a-1', jobs: changed, removed: ['j-500', 'j-501'] });
    unsubscribe();

    expect(listener).toHaveBeenCalledTimes(1);
    const after = useJobsStore.getState().byId;
    expect(Object.keys(after)).toHaveLength(998);
    expect(after['j-0']).toBe(changed[0]);
    expect(after['j-999']).toBe(before['j-999']);
    expect(after['j-500']).toBeUndefined();
    expect(useJobsStore.getState().announcement).toBe('300 jobs changed: 300 succeeded.');
  });

  it('ignores events about an account other than the one loaded, and empty events', () => {
    seedHistory([job({ id: 'mine' })]);
    const listener = vi.fn();
    const unsubscribe = useJobsStore.subscribe(listener);
    useJobsStore
      .getState()
      .applyChanges({ accountId: 'a-2', jobs: [job({ id: 'theirs', accountId: 'a-2' })], removed: ['mine'] });
    useJobsStore.getState().applyChanges({ accountId: 'a-1', jobs: [], removed: [] });
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    expect(Object.keys(useJobsStore.getState().byId)).toEqual(['mine']);
  });

  it('keeps the events that arrive while the list is loading (they are as new as the list, or newer)', async () => {
    let answer: (jobs: ReturnType<typeof job>[]) => void = () => undefined;
    const api = installFakeApi({ 'jobs:list': () => new Promise((resolve) => (answer = resolve)) });
    const loading = useJobsStore.getState().load('a-1');
    expect(api.callsOf('jobs:list')).toEqual([{ includeArchived: true }]);
    useJobsStore.getState().applyChanges({
      accountId: 'a-1',
      jobs: [job({ id: 'j-1', status: 'SUCCESS', tracking: 'final' })],
      removed: ['j-gone'],
    });
    answer([job({ id: 'j-1', status: 'IN_PROGRESS' }), job({ id: 'j-gone' }), job({ id: 'j-2' })]);
    await loading;
    const { byId, status } = useJobsStore.getState();
    expect(status).toBe('ready');
    expect(Object.keys(byId).sort()).toEqual(['j-1', 'j-2']);
    expect(byId['j-1']?.status).toBe('SUCCESS');
  });

  it('starts empty for another account, and forgets removed jobs', async () => {
    seedHistory([job({ id: 'old-account-job' })]);
    installFakeApi({ 'jobs:list': () => [job({ id: 'other', accountId: 'a-2' })] });
    await useJobsStore.getState().load('a-2');
    expect(Object.keys(useJobsStore.getState().byId)).toEqual(['other']);
    useJobsStore.getState().forget(['other']);
    expect(useJobsStore.getState().byId).toEqual({});
  });
});

/** `count` jobs in the history, the Queue rendered with `screen` shown, and each row's renders counted. */
function queueOf(count: number, shown: Screen) {
  const jobs = manyJobs(count);
  seedHistory(jobs);
  const renders = new Map<string, number>();
  renderProbe.row = (id) => renders.set(id, (renders.get(id) ?? 0) + 1);
  act(() => useNavStore.getState().go(shown));
  render(<QueueScreen />);
  return { jobs, renders };
}

/** An event saying that the job finished. */
function finish(changed: JobView, change: Partial<JobView> = {}): void {
  act(() =>
    useJobsStore.getState().applyChanges({
      accountId: 'a-1',
      jobs: [{ ...changed, status: 'SUCCESS', tracking: 'final', ...change }],
      removed: [],
    }),
  );
}

describe('queue rendering', () => {
  it('with 10,000 jobs renders only the rows in view, and renders again only the row whose job changed', () => {
    const { jobs, renders } = queueOf(10_000, 'queue');

    const grid = screen.getByRole('grid', { name: 'Jobs' });
    expect(grid).toHaveAttribute('aria-rowcount', '10001');
    const rows = within(grid).getAllByRole('row').slice(1);
    // A 400-pixel viewport of 40-pixel rows, plus the overscan: far fewer than 10,000.
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(screen.getByTestId('queue-count')).toHaveTextContent('10,000 jobs');

    renders.clear();
    finish(jobs[2]!, { creditUsed: 4 });
    expect([...renders.keys()]).toEqual(['j-2']);
    expect(within(grid).getByRole('row', { name: /Headline 2\b/ })).toHaveTextContent('Succeeded');

    // Another event about a job far out of view renders no row at all.
    renders.clear();
    finish(jobs[9000]!);
    expect(renders.size).toBe(0);
  });

  it('holds still while the Queue is hidden, and catches up when it is shown', () => {
    const { jobs, renders } = queueOf(50, 'batches');
    const grid = screen.getByRole('grid', { name: 'Jobs' });

    renders.clear();
    finish(jobs[2]!, { creditUsed: 4 });
    // Hidden: nothing rendered for it.
    expect(renders.size).toBe(0);

    act(() => useNavStore.getState().go('queue'));
    expect(within(grid).getByRole('row', { name: /Headline 2\b/ })).toHaveTextContent('Succeeded');
  });
});

describe('jobs of another account', () => {
  it('are not added when the person switched accounts while a submit or a track was on its way', () => {
    useJobsStore.setState({ accountId: 'acc-b', byId: {}, sessionIds: [] });
    useJobsStore.getState().addSubmitted(job({ id: 'late', accountId: 'acc-a' }));
    useJobsStore.getState().upsert(job({ id: 'late-2', accountId: 'acc-a' }));
    expect(useJobsStore.getState().byId).toEqual({});
    expect(useJobsStore.getState().sessionIds).toEqual([]);
    useJobsStore.getState().upsert(job({ id: 'kept', accountId: 'acc-gone', archived: true }));
    expect(Object.keys(useJobsStore.getState().byId)).toEqual(['kept']);
  });
});
