// @vitest-environment jsdom
// The queue's pure parts: the order of the list (empty values last either way, stable ties), filters that
// combine, the requeue sentence (lost jobs named, at most five), and when the balance counts as low.
import { describe, expect, it } from 'vitest';
import { balanceWarning } from '../../src/features/accounts/low-balance';
import { NO_BATCH, NO_FILTERS, visibleJobIds } from '../../src/features/queue/queue-filter';
import { requeueNotice } from '../../src/features/queue/queue-words';
import { job } from './fixtures';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const byId = Object.fromEntries(
  [
    job({
      id: 'a',
      createdAt: '2026-03-10T10:00:00.000Z',
      finishedAt: '2026-03-10T10:05:00.000Z',
      creditUsed: 2,
    }),
    job({ id: 'b', createdAt: '2026-03-10T11:00:00.000Z', finishedAt: null, batchId: 'B1', batchRow: 10 }),
    job({
      id: 'c',
      createdAt: '2026-03-10T11:00:00.000Z',
      finishedAt: '2026-03-10T11:01:00.000Z',
      batchId: 'B1',
      batchRow: 2,
    }),
    job({
      id: 'd',
      createdAt: '2026-03-01T11:00:00.000Z',
      finishedAt: null,
      creditUsed: 9,
      status: 'FAILED',
      tracking: 'final',
    }),
  ].map((one) => [one.id, one]),
);

describe('visibleJobIds', () => {
  it('sorts newest first by default, ties broken by id', () => {
    expect(visibleJobIds(byId, NO_FILTERS, { key: 'created', direction: 'descending' }, NOW)).toEqual([
      'b',
      'c',
      'a',
      'd',
    ]);
  });

  it('puts empty values last in both directions', () => {
    const finished = (direction: 'ascending' | 'descending') =>
      visibleJobIds(byId, NO_FILTERS, { key: 'finished', direction }, NOW);
    expect(finished('ascending')).toEqual(['a', 'c', 'b', 'd']);
    expect(finished('descending')).toEqual(['c', 'a', 'b', 'd']);
    expect(visibleJobIds(byId, NO_FILTERS, { key: 'batch', direction: 'ascending' }, NOW)).toEqual([
      'c',
      'b',
      'a',
      'd',
    ]);
  });

  it('combines filters', () => {
    const sort = { key: 'created', direction: 'descending' } as const;
    expect(visibleJobIds(byId, { ...NO_FILTERS, batch: NO_BATCH }, sort, NOW)).toEqual(['a', 'd']);
    expect(visibleJobIds(byId, { ...NO_FILTERS, batch: NO_BATCH, date: '7d' }, sort, NOW)).toEqual(['a']);
    expect(visibleJobIds(byId, { ...NO_FILTERS, status: 'running', batch: 'B1' }, sort, NOW)).toEqual([
      'b',
      'c',
    ]);
    expect(visibleJobIds(byId, { ...NO_FILTERS, status: 'FAILED' }, sort, NOW)).toEqual(['d']);
  });
});

describe('requeueNotice', () => {
  const lookup = (id: string) =>
    job({ id, uuid: `${id}-service-uuid`, projectName: 'Banner', summary: `Text ${id}` });

  it('says how many were requeued', () => {
    expect(requeueNotice({ requeued: ['a', 'b'], lost: [], skipped: [] }, lookup)).toEqual({
      tone: 'success',
      title: 'Requeued',
      message: 'Requeued 2 jobs: the service runs them again.',
    });
  });

  it('names the lost ones (five at most) and counts the skipped ones', () => {
    const lost = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7'];
    const notice = requeueNotice({ requeued: ['a'], lost, skipped: ['s'] }, lookup);
    expect(notice.tone).toBe('warning');
    expect(notice.message).toBe(
      'Requeued 1 job: the service runs it again. 7 jobs are lost: the service no longer knows “Banner · Text l1” (l1-servi); “Banner · Text l2” (l2-servi); “Banner · Text l3” (l3-servi); “Banner · Text l4” (l4-servi); “Banner · Text l5” (l5-servi) and 2 more. 1 job was skipped: not yet created on the service, of unknown outcome, or of a removed account.',
    );
  });

  it('names a job no longer in the history by its id', () => {
    expect(requeueNotice({ requeued: [], lost: ['gone'], skipped: [] }, () => undefined).message).toBe(
      'No job was requeued. 1 job is lost: the service no longer knows job gone.',
    );
  });
});

describe('balanceWarning', () => {
  it('warns under 10 credits, or under three jobs at the average cost once known', () => {
    expect(balanceWarning(9.5, null)?.text).toBe(
      'Low balance: under 10 credits left. Top up in the web app.',
    );
    expect(balanceWarning(10, null)).toBeNull();
    expect(balanceWarning(29, 10)).toMatchObject({ jobsLeft: 2 });
    expect(balanceWarning(30, 10)).toBeNull();
    expect(balanceWarning(4, 12.34)?.text).toBe(
      'Low balance: not enough for another job at 12.3 credits a job. Top up in the web app.',
    );
  });
});
