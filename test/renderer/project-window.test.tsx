// @vitest-environment jsdom
// A project's active window, said only where it matters: it starts later, or ends within 14 days (then the
// form warns too); and the project search matches the type as well as the name.
import './setup';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectsPanel } from '../../src/features/projects/ProjectsPanel';
import { filterProjects } from '../../src/features/projects/filter-projects';
import { windowNotice } from '../../src/features/projects/project-window';
import { useProjectsStore } from '../../src/features/projects/projects-store';
import { installFakeApi } from './fake-api';
import { project } from './fixtures';
import { showForm } from './show-form';
import { useJobFormStore } from '../../src/features/job-form/job-form-store';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const options = { locale: 'en-GB', timeZone: 'UTC' };

beforeEach(() => vi.setSystemTime(NOW));
afterEach(() => vi.useRealTimers());

describe('windowNotice', () => {
  it('says nothing for an always-active project or a far end', () => {
    expect(windowNotice(null, null, NOW, options)).toBeNull();
    expect(windowNotice('2024-01-01T00:00:00Z', '2099-12-31T23:59:00Z', NOW, options)).toBeNull();
    expect(windowNotice(null, '2026-12-07T10:00:00Z', NOW, options)).toBeNull();
  });

  it('names an end within 14 days, a start to come and an end passed', () => {
    expect(windowNotice(null, '2026-11-27T18:00:00Z', NOW, options)).toEqual({
      kind: 'ends-soon',
      days: 6,
      text: 'Ends in 6 days (27 Nov 2026, 18:00)',
    });
    expect(windowNotice(null, '2026-11-22T18:00:00Z', NOW, options)?.text).toBe(
      'Ends within a day (22 Nov 2026, 18:00)',
    );
    expect(windowNotice('2026-12-01T09:00:00Z', null, NOW, options)).toEqual({
      kind: 'starts',
      text: 'Starts 1 Dec 2026, 09:00',
    });
    expect(windowNotice(null, '2026-11-20T00:00:00Z', NOW, options)?.kind).toBe('ended');
  });
});

describe('the project list and the form', () => {
  it('shows the window only where it matters', async () => {
    const ending = project({ projectId: 'e', projectName: 'Black Friday', endDate: '2026-11-27T18:00:00Z' });
    installFakeApi({
      'projects:list': () => [project({ projectId: 'a', projectName: 'Evergreen' }), ending],
    });
    render(<ProjectsPanel />);
    await useProjectsStore.getState().load();
    const items = within(await screen.findByRole('list', { name: 'Active projects' })).getAllByRole('button');
    expect(items[0]).toHaveTextContent(/^Evergreen\s*Image$/);
    expect(items[1]).toHaveTextContent(/Ends in 6 days/);
  });

  it('warns on the form of a project that ends soon', () => {
    showForm('image', { headline: { label: 'Headline', instructionType: 'text' } });
    act(() => useJobFormStore.setState({ project: project({ endDate: '2026-11-27T18:00:00Z' }) }));
    expect(screen.getByRole('note')).toHaveTextContent(
      /Ends in 6 days .*After that the service refuses its jobs: submit what you need before then\./,
    );
  });
});

describe('the project search', () => {
  const projects = [
    project({ projectId: '1', projectName: 'Spring Teaser', projectType: 'video' }),
    project({ projectId: '2', projectName: 'Weekly Intro', projectType: 'tts' }),
    project({ projectId: '3', projectName: 'Launch', projectType: 'ai_talking_video' }),
  ];
  const names = (query: string) => filterProjects(projects, query, '').map((p) => p.projectName);

  it('matches the type by its id and by its words, as well as the name', () => {
    expect(names('speech')).toEqual(['Weekly Intro']);
    expect(names('tts')).toEqual(['Weekly Intro']);
    expect(names('talking')).toEqual(['Launch']);
    expect(names('video')).toEqual(['Spring Teaser', 'Launch']);
    expect(names('spring')).toEqual(['Spring Teaser']);
  });
});
