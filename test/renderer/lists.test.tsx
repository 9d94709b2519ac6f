// @vitest-environment jsdom
// The project list (placeholder names, windows, search, type filter, empty and error states with Try again, a
// failed refresh that keeps the list it had) and this session's job list on Create (newest first, states in
// words, live updates, errors).
import './setup';
import { Profiler } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAccountsStore } from '../../src/features/accounts/accounts-store';
import { SessionJobs } from '../../src/features/create/SessionJobs';
import { useJobsStore } from '../../src/features/jobs/jobs-store';
import { ProjectsPanel } from '../../src/features/projects/ProjectsPanel';
import { useProjectsStore } from '../../src/features/projects/projects-store';
import { FakeFailure, installFakeApi } from './fake-api';
import { job, project, snapshot } from './fixtures';

describe('ProjectsPanel', () => {
  const projects = [
    project({ projectId: '1', projectName: 'Spring Teaser', projectType: 'video' }),
    project({ projectId: '2', projectName: '', projectType: 'image', endDate: '2026-12-03T18:00:00.000Z' }),
    project({ projectId: '3', projectName: 'Podcast Intro', projectType: 'tts' }),
  ];

  it('lists projects with type, window and an italic placeholder for a missing name', async () => {
    installFakeApi({ 'projects:list': () => projects });
    render(<ProjectsPanel />);
    await useProjectsStore.getState().load();
    const list = await screen.findByRole('list', { name: 'Active projects' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Spring Teaser');
    expect(items[0]).toHaveTextContent('Video');
    // An always-active project says nothing about its window.
    expect(items[0]).not.toHaveTextContent(/active/i);
    const untitled = within(items[1]!).getByText('Untitled project');
    expect(untitled.tagName).toBe('EM');
    expect(items[1]).toHaveTextContent(/(Ends in \d+ days?|Ends within a day|Ended) .*2026/);
    expect(screen.getByText('3 active projects')).toBeInTheDocument();
  });

  it('searches by name and filters by type', async () => {
    installFakeApi({ 'projects:list': () => projects });
    const user = userEvent.setup();
    render(<ProjectsPanel />);
    await useProjectsStore.getState().load();
    await user.type(
      await screen.findByRole('searchbox', { name: 'Search projects by name or type' }),
      'podcast',
    );
    expect(within(screen.getByRole('list', { name: 'Active projects' })).getAllByRole('button')).toHaveLength(
      1,
    );
    await user.clear(screen.getByRole('searchbox'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Project type' }), 'Image');
    expect(screen.getByText('1 of 3 projects')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText('No project matches')).toBeInTheDocument();
  });

  it('says what to do when there are no active projects', async () => {
    installFakeApi({ 'projects:list': () => [] });
    render(<ProjectsPanel />);
    await useProjectsStore.getState().load();
    expect(await screen.findByText('No active projects')).toBeInTheDocument();
    expect(screen.getByText(/Projects appear here when their start date arrives/)).toBeInTheDocument();
  });

  it('shows a failure with Try again, which loads again', async () => {
    let attempts = 0;
    installFakeApi({
      'projects:list': () => {
        attempts++;
        if (attempts === 1)
          throw new FakeFailure({ kind: 'network', message: 'Could not reach the service.' });
        return projects;
      },
    });
    const user = userEvent.setup();
    render(<ProjectsPanel />);
    await useProjectsStore.getState().load();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The projects could not be loaded');
    expect(alert).toHaveTextContent('Could not reach the service.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Active projects' })).toBeInTheDocument();
  });

  it('keeps the loaded list when a Refresh fails, marked stale, and replaces it only when a refresh succeeds', async () => {
    const outage =
      'The service at 127.0.0.1:4010 could not be reached while listing the active projects (ECONNREFUSED). Check your internet connection and that the service is running, then try again.';
    let attempts = 0;
    installFakeApi({
      'projects:list': () => {
        attempts++;
        if (attempts === 2) throw new FakeFailure({ kind: 'network', message: outage });
        return attempts === 1 ? projects : [project({ projectId: '4', projectName: 'Autumn Teaser' })];
      },
    });
    const user = userEvent.setup();
    render(<ProjectsPanel />);
    await useProjectsStore.getState().load();
    await screen.findByRole('list', { name: 'Active projects' });

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    // One error, with what to do, and the list that was loaded still there, said to be out of date.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(alert).toHaveTextContent(outage);
    expect(alert).toHaveTextContent(/Last updated \d{1,2}:\d{2}.*can’t refresh right now/);
    const list = screen.getByRole('list', { name: 'Active projects' });
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    expect(list).toHaveAccessibleDescription(/Last updated \d{1,2}:\d{2}/);
    expect(document.body).not.toHaveTextContent(/Settings/);

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Autumn Teaser')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Last updated/)).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Active projects' })).getAllByRole('button')).toHaveLength(
      1,
    );
  });
});

describe('SessionJobs (this session’s jobs on Create)', () => {
  it('lists the jobs submitted this session, newest first, with their state in words, and follows events', async () => {
    installFakeApi({ 'jobs:list': () => [job({ id: 'earlier', projectName: 'Earlier job' })] });
    useAccountsStore.setState({ snapshot: snapshot() });
    render(<SessionJobs />);
    await useJobsStore.getState().load();
    // Jobs of earlier sessions are in the Queue, not here.
    expect(screen.getByText('No jobs yet this session')).toBeInTheDocument();

    act(() => {
      useJobsStore.getState().addSubmitted(
        job({
          id: 'old',
          projectName: 'Old one',
          createdAt: '2026-01-01T09:00:00.000Z',
          status: 'SUCCESS',
          tracking: 'final',
          creditUsed: 3,
        }),
      );
      useJobsStore.getState().addSubmitted(
        job({
          id: 'new',
          projectName: 'New one',
          summary: 'Spring launch',
          status: 'FAILED',
          tracking: 'final',
          error: 'The worker could not read the image.',
        }),
      );
    });
    const list = await screen.findByRole('list', { name: 'Submitted jobs' });
    let rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.session-job-name')?.textContent)).toEqual([
      'New one',
      'Old one',
    ]);
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('Spring launch');
    expect(rows[0]).toHaveTextContent('The worker could not read the image.');
    expect(rows[1]).toHaveTextContent('Succeeded');
    expect(rows[1]).toHaveTextContent('3 credits');

    act(() =>
      useJobsStore
        .getState()
        .addSubmitted(job({ id: 'newest', projectName: '', tracking: 'submitting', status: null })),
    );
    rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Untitled project');
    expect(rows[0]).toHaveTextContent('Sending…');
    act(() =>
      useJobsStore.getState().applyChanges({
        accountId: 'a-1',
        jobs: [job({ id: 'newest', projectName: '', status: 'IN_PROGRESS' })],
        removed: [],
      }),
    );
    expect(await within(list).findByText('In progress')).toBeInTheDocument();
    expect(useJobsStore.getState().announcement).toBe('Untitled project: In progress');
  });

  it('is not rendered again when a job outside the session changes (Create stays mounted behind the Queue)', async () => {
    installFakeApi({ 'jobs:list': () => [job({ id: 'earlier', projectName: 'Earlier job' })] });
    useAccountsStore.setState({ snapshot: snapshot() });
    let renders = 0;
    render(
      <Profiler id="session" onRender={() => (renders += 1)}>
        <SessionJobs />
      </Profiler>,
    );
    await useJobsStore.getState().load();
    act(() => useJobsStore.getState().addSubmitted(job({ id: 'mine', projectName: 'Mine' })));
    const before = renders;

    act(() =>
      useJobsStore.getState().applyChanges({
        accountId: 'a-1',
        jobs: [job({ id: 'earlier', projectName: 'Earlier job', status: 'SUCCESS', tracking: 'final' })],
        removed: [],
      }),
    );
    expect(renders).toBe(before);

    act(() =>
      useJobsStore.getState().applyChanges({
        accountId: 'a-1',
        jobs: [job({ id: 'mine', projectName: 'Mine', status: 'FAILED', tracking: 'final' })],
        removed: [],
      }),
    );
    expect(renders).toBeGreaterThan(before);
    expect(
      within(screen.getByRole('list', { name: 'Submitted jobs' })).getByRole('listitem'),
    ).toHaveTextContent('Failed');
  });

  it('ignores events about another account', async () => {
    installFakeApi({ 'jobs:list': () => [] });
    useAccountsStore.setState({ snapshot: snapshot() });
    render(<SessionJobs />);
    await useJobsStore.getState().load();
    act(() => useJobsStore.getState().addSubmitted(job({ id: 'mine' })));
    act(() =>
      useJobsStore.getState().applyChanges({
        accountId: 'someone-else',
        jobs: [job({ id: 'mine', status: 'FAILED', tracking: 'final' })],
        removed: [],
      }),
    );
    expect(screen.getByRole('list', { name: 'Submitted jobs' })).toHaveTextContent('Queued');
  });
});
