// @vitest-environment jsdom
// Words the lists use: active windows in local time, job type labels, status labels, and the project filter.
import { describe, expect, it } from 'vitest';
import { formatActiveWindow, formatJobTime } from '../../src/lib/dates';
import { jobTypeLabel } from '../../src/lib/job-type-labels';
import { statusLabel, statusTone } from '../../src/features/jobs/job-status';
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
      'Success',
      'Failed',
    ]);
    expect(statusTone('IN_PROGRESS')).toBe('running');
    expect(statusLabel('PAUSED')).toBe('PAUSED');
    expect(statusTone('PAUSED')).toBe('unknown');
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
