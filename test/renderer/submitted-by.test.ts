// @vitest-environment jsdom
// Issue 19 in the renderer's pure parts: the queue's Submitted by filter (everyone, a name, "Me" as this
// installation's name now, the jobs from before names were kept) and its options, and the credit report's
// periods in the person's own zone (this month, last month, the last 7 days, custom days, both included).
import { describe, expect, it } from 'vitest';
import {
  filterOptions,
  hasFilters,
  ME,
  NO_FILTERS,
  UNNAMED_PERSON,
  visibleJobIds,
} from '../../src/features/queue/queue-filter';
import { periodOf } from '../../src/features/team/credit-periods';
import { job } from './fixtures';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const byId = Object.fromEntries(
  [
    job({ id: 'ada-1', submittedBy: 'Ada', createdAt: '2026-03-10T10:00:00.000Z' }),
    job({ id: 'ada-2', submittedBy: 'Ada', createdAt: '2026-03-10T09:00:00.000Z' }),
    job({ id: 'ben', submittedBy: 'ben@laptop', createdAt: '2026-03-10T08:00:00.000Z' }),
    job({ id: 'old', submittedBy: null, createdAt: '2026-03-10T07:00:00.000Z' }),
  ].map((one) => [one.id, one]),
);
const sort = { key: 'created', direction: 'descending' } as const;
const shown = (person: string, me: string | null = null) =>
  visibleJobIds(byId, { ...NO_FILTERS, person }, sort, NOW, me);

describe('the Submitted by filter', () => {
  it('shows everyone, one name, me (by the name now), or the jobs from before names were kept', () => {
    expect(shown('')).toEqual(['ada-1', 'ada-2', 'ben', 'old']);
    expect(shown('Ada')).toEqual(['ada-1', 'ada-2']);
    expect(shown('ben@laptop')).toEqual(['ben']);
    expect(shown(ME, 'ben@laptop')).toEqual(['ben']);
    expect(shown(ME, 'Ada')).toEqual(['ada-1', 'ada-2']);
    // Before the name is read, "Me" shows nothing rather than everyone.
    expect(shown(ME, null)).toEqual([]);
    expect(shown(UNNAMED_PERSON)).toEqual(['old']);
    expect(hasFilters({ ...NO_FILTERS, person: 'Ada' })).toBe(true);
  });

  it('offers each name present once, in reading order, and says whether unnamed jobs are there', () => {
    const options = filterOptions(byId);
    expect(options.people).toEqual([
      { value: 'Ada', label: 'Ada' },
      { value: 'ben@laptop', label: 'ben@laptop' },
    ]);
    expect(options.unnamed).toBe(true);
    expect(filterOptions({ 'ada-1': byId['ada-1']! }).unnamed).toBe(false);
  });
});

describe('the credit report’s periods', () => {
  // 10 March 2026, 12:00 local: the test runs in the machine's zone, as the app does.
  const now = new Date(2026, 2, 10, 12, 0);
  const none = { from: '', to: '' };

  it('this month, last month and the last 7 days, from local midnights', () => {
    expect(periodOf('this-month', now, none)).toEqual({
      fromMs: new Date(2026, 2, 1).getTime(),
      toMs: new Date(2026, 3, 1).getTime(),
      label: '2026-03-01-to-2026-03-31',
    });
    expect(periodOf('last-month', now, none)).toEqual({
      fromMs: new Date(2026, 1, 1).getTime(),
      toMs: new Date(2026, 2, 1).getTime(),
      label: '2026-02-01-to-2026-02-28',
    });
    expect(periodOf('last-7-days', now, none)).toEqual({
      fromMs: new Date(2026, 2, 4).getTime(),
      toMs: new Date(2026, 2, 11).getTime(),
      label: '2026-03-04-to-2026-03-10',
    });
    // January's last month is December of the year before.
    expect(periodOf('last-month', new Date(2026, 0, 5), none)).toMatchObject({
      label: '2025-12-01-to-2025-12-31',
    });
  });

  it('custom days include both, and a missing or reversed date is said in words', () => {
    expect(periodOf('custom', now, { from: '2026-02-27', to: '2026-03-01' })).toEqual({
      fromMs: new Date(2026, 1, 27).getTime(),
      toMs: new Date(2026, 2, 2).getTime(),
      label: '2026-02-27-to-2026-03-01',
    });
    expect(periodOf('custom', now, { from: '2026-03-01', to: '' })).toEqual({
      problem: 'Choose both dates: the first day and the last day.',
    });
    expect(periodOf('custom', now, { from: '2026-02-30', to: '2026-03-01' })).toHaveProperty('problem');
    expect(periodOf('custom', now, { from: '2026-03-02', to: '2026-03-01' })).toEqual({
      problem: 'The last day is before the first day: choose a later last day.',
    });
  });
});
