// @vitest-environment jsdom
// Words the lists use: active windows and job times in local time, relative times and time left, job type
// labels, status and tracking words, and the project filter.
import { describe, expect, it } from 'vitest';
import {
  formatActiveWindow,
  formatExactTime,
  formatJobTime,
  formatRelativeTime,
  formatTimeLeft,
  rangeStart,
} from '../../src/lib/dates';
import { jobTypeLabel } from '../../src/lib/job-type-labels';
import { jobStateWords, statusLabel, statusTone } from '../../src/features/jobs/job-status';
import { filterProjects, projectTypesOf } from '../../src/features/projects/filter-projects';
import { project } from './fixtures';

const london = { locale: 'en-GB', timeZone: 'Europe/London' };

describe('formatActiveWindow', () => {
  it('says always, until, from, or from … to, in local time', () => {
    expect(formatActiveWindow(null, null, london)).toBe('Always active');
    expect(formatActiveWindow(null, '2026-12-03T18:00:00.000Z', london)).toBe('Until 3 Dec 2026, 18:00');
    expect(formatActiveWindow('2026-06-01T08:30:00.000Z', null, london)).toBe('From 1 Jun 2026, 09:30');
    expect(formatActiveWindow('2026-01-01T00:00:00.000Z', '2026-12-03T18:00:00.000Z', london)).toBe(
      'From 1 Jan 2026, 00:00 to 3 Dec 2026, 18:00',
    );
    expect(
      formatActiveWindow(null, '2026-12-03T18:00:00.000Z', { locale: 'en-GB', timeZone: 'Asia/Tokyo' }),
    ).toBe('Until 4 Dec 2026, 03:00');
  });

  it('shows a job’s clock time today and its date otherwise', () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    expect(formatJobTime('2026-03-10T09:05:07.000Z', now, london)).toBe('09:05:07');
    expect(formatJobTime('2026-03-09T09:05:07.000Z', now, london)).toBe('9 Mar 2026, 09:05');
    expect(formatJobTime('not a date', now, london)).toBe('');
  });
});

describe('times that move', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says how long ago in short words, then the date', () => {
    expect(formatRelativeTime(ago(10_000), now, london)).toBe('just now');
    // A time a little ahead of our clock (the service's clock) is "just now" too.
    expect(formatRelativeTime(ago(-20_000), now, london)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60_000), now, london)).toBe('5 min ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now, london)).toBe('3 hr ago');
    expect(formatRelativeTime(ago(26 * 3_600_000), now, london)).toBe('yesterday');
    expect(formatRelativeTime(ago(4 * 86_400_000), now, london)).toBe('4 days ago');
    expect(formatRelativeTime('2026-01-02T10:00:00.000Z', now, london)).toBe('2 Jan');
    expect(formatRelativeTime('2025-01-02T10:00:00.000Z', now, london)).toBe('2 Jan 2025');
    expect(formatRelativeTime('nonsense', now, london)).toBe('');
    expect(formatExactTime('2026-03-10T09:05:07.000Z', london)).toBe('Tue, 10 Mar 2026, 09:05:07');
  });

  it('says how long is left until a job is expected, and nothing without an estimate', () => {
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(formatTimeLeft(null, now)).toBe('');
    expect(formatTimeLeft(at(30_000), now)).toBe('under a minute left');
    expect(formatTimeLeft(at(130_000), now)).toBe('about 2 min left');
    expect(formatTimeLeft(at(65 * 60_000), now)).toBe('about 1 hr 5 min left');
    expect(formatTimeLeft(at(120 * 60_000), now)).toBe('about 2 hr left');
    expect(formatTimeLeft(at(-5_000), now)).toBe('any moment now');
  });

  it('starts date ranges at local midnight, or 7 and 30 days back', () => {
    expect(rangeStart('all', now)).toBeNull();
    expect(rangeStart('7d', now)).toBe(now - 7 * 86_400_000);
    expect(rangeStart('30d', now)).toBe(now - 30 * 86_400_000);
    const midnight = new Date(rangeStart('today', now)!);
    expect([midnight.getHours(), midnight.getMinutes(), midnight.getSeconds()]).toEqual([0, 0, 0]);
    expect(midnight.getTime()).toBeLessThanOrEqual(now);
  });
});

describe('labels', () => {
  it('names every workflow type, and makes unknown ones readable', () => {
    expect(jobTypeLabel('ai_talking_video')).toBe('Talking video');
    expect(jobTypeLabel('tts')).toBe('Text to speech');
    expect(jobTypeLabel('hologram_show')).toBe('Hologram show');
    expect(jobTypeLabel('')).toBe('Unknown type');
  });

  it('gives every status a word and a tone', () => {
    expect(['QUEUED', 'STARTED', 'IN_PROGRESS', 'SUCCESS', 'FAILED'].map(statusLabel)).toEqual([
      'Queued',
      'Started',
      'In progress',
      'Succeeded',
      'Failed',
    ]);
    expect(statusTone('IN_PROGRESS')).toBe('running');
    expect(statusLabel('PAUSED')).toBe('PAUSED');
    expect(statusTone('PAUSED')).toBe('unknown');
  });

  it('puts our tracking state first where it says more than the service’s status', () => {
    const words = (status: string | null, tracking: 'submitting' | 'unknown' | 'active' | 'final' | 'lost') =>
      jobStateWords({ status, tracking });
    expect(words(null, 'submitting')).toMatchObject({ label: 'Sending…', tone: 'running' });
    expect(words(null, 'unknown')).toMatchObject({
      label: 'Outcome unknown',
      tone: 'attention',
      detail: null,
    });
    expect(words('STARTED', 'lost')).toMatchObject({ label: 'Lost', detail: 'last started' });
    expect(words('IN_PROGRESS', 'active')).toMatchObject({ label: 'In progress', tone: 'running' });
    expect(words('FAILED', 'final')).toMatchObject({ label: 'Failed', tone: 'failure' });
    expect(words(null, 'active').label).toBe('Submitted');
    expect(words('SUCCESS', 'final').description).toBe('Service: Succeeded. App: Finished.');
  });
});

describe('filterProjects', () => {
  const projects = [
    project({ projectId: '1', projectName: 'Café Opening', projectType: 'video' }),
    project({ projectId: '2', projectName: 'Podcast Intro', projectType: 'tts' }),
    project({ projectId: '3', projectName: '', projectType: 'video' }),
  ];

  it('searches names without regard to case or accents, and filters by type', () => {
    expect(filterProjects(projects, 'cafe', '').map((p) => p.projectId)).toEqual(['1']);
    expect(filterProjects(projects, '  PODCAST ', '').map((p) => p.projectId)).toEqual(['2']);
    expect(filterProjects(projects, '', 'video').map((p) => p.projectId)).toEqual(['1', '3']);
    expect(filterProjects(projects, 'podcast', 'video')).toEqual([]);
    expect(projectTypesOf(projects)).toEqual(['video', 'tts']);
  });
});
