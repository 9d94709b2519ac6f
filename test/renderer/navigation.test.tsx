// @vitest-environment jsdom
// The app around the screens: the navigation rail (links, shortcuts Ctrl+1 / Ctrl+2, the running count), a
// notification's jobs:open, "Duplicate into the form" from the Queue back to Create, the low-balance
// warning in the header, and an unknown outcome answered by jobs:submit.
import './setup';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { JobFormPanel } from '../../src/features/job-form/JobFormPanel';
import { useJobFormStore } from '../../src/features/job-form/job-form-store';
import { installFakeApi, type FakeHandlers } from './fake-api';
import { detail, job, mapping, project, snapshot } from './fixtures';
import type { JobView } from '../../electron/shared/domain/job';

function renderApp(handlers: FakeHandlers = {}, jobs: JobView[] = []) {
  const api = installFakeApi({
    'accounts:snapshot': () => snapshot(),
    'projects:list': () => [project({ projectId: 'p-1', projectName: 'Social Banner' })],
    'projects:fields': () =>
      mapping('video', {
        headline: { label: 'Headline', instructionType: 'text' },
        hero: { label: 'Hero image', instructionType: 'image' },
      }),
    'credits:get': () => ({ credits: 500 }),
    'assets:capability': () => ({ available: false, reason: 'No storage.' }),
    'jobs:list': () => jobs,
    'jobs:get': (params) => {
      const found = jobs.find((one) => one.id === (params as { id: string }).id) ?? jobs[0]!;
      return detail(found, {
        input: {
          background_music: 'https://cdn.example.com/tune.mp3',
          background_volume: 0.3,
          background_start: 4,
        },
      });
    },
    ...handlers,
  });
  render(<App />);
  return { api, user: userEvent.setup() };
}

const queueSection = () => document.getElementById('queue')!;
const createSection = () => document.getElementById('create')!;

describe('the navigation rail', () => {
  it('names each screen with its shortcut, marks the current one, and counts running jobs', async () => {
    renderApp({}, [
      job({ id: 'a', tracking: 'active' }),
      job({ id: 'b', tracking: 'submitting', status: null }),
      job({ id: 'c', tracking: 'final', status: 'SUCCESS' }),
      job({ id: 'd', tracking: 'active', archived: true, accountId: 'gone' }),
    ]);
    const rail = await screen.findByRole('navigation', { name: 'Screens' });
    const create = within(rail).getByRole('link', { name: 'Create' });
    const queue = within(rail).getByRole('link', { name: 'Queue' });
    expect(create).toHaveAttribute('aria-keyshortcuts', 'Control+1');
    expect(queue).toHaveAttribute('aria-keyshortcuts', 'Control+2');
    expect(create).toHaveAttribute('aria-current', 'page');
    expect(queue).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(queue).toHaveAccessibleDescription('2 running'));
  });

  it('switches screens with Ctrl+2 and Ctrl+1, even from a text field, and focuses the screen', async () => {
    const { user } = renderApp({}, [job({ id: 'a', summary: 'First job' })]);
    const search = await screen.findByRole('searchbox', { name: 'Search projects by name or type' });
    await user.click(search);
    expect(queueSection()).not.toBeVisible();
    await user.keyboard('{Control>}2{/Control}');
    expect(queueSection()).toBeVisible();
    expect(createSection()).not.toBeVisible();
    expect(screen.getByRole('link', { name: 'Queue' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(screen.getByRole('grid', { name: 'Jobs' })).toHaveFocus());
    await user.keyboard('{Control>}1{/Control}');
    expect(createSection()).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search projects by name or type' })).toHaveFocus(),
    );
    // The links do the same.
    await user.click(screen.getByRole('link', { name: 'Queue' }));
    expect(queueSection()).toBeVisible();
  });

  it('opens the job a notification asks for (jobs:open) in the Queue', async () => {
    const { api } = renderApp({}, [job({ id: 'j-9', projectName: 'Podcast Intro', summary: 'Hello' })]);
    await screen.findByRole('navigation', { name: 'Screens' });
    api.emit('jobs:open', { id: 'j-9' });
    const drawer = await screen.findByRole('dialog', { name: 'Job details' });
    expect(queueSection()).toBeVisible();
    expect(within(drawer).getByRole('heading', { name: 'Podcast Intro' })).toBeInTheDocument();
    expect(api.callsOf('jobs:get')).toContainEqual({ id: 'j-9' });
  });
});

describe('Duplicate into the form', () => {
  it('switches to Create with the project chosen and every field filled from the job', async () => {
    const earlier = job({
      id: 'j-1',
      projectId: 'p-1',
      projectName: 'Social Banner',
      jobType: 'video',
      summary: 'Spring launch',
      values: {
        headline: 'Spring launch',
        hero: { image_url: 'https://cdn.example.com/hero.png' },
        retired_field: 'no longer asked',
      },
    });
    const { api, user } = renderApp({}, [earlier]);
    await user.click(await screen.findByRole('link', { name: 'Queue' }));
    const grid = screen.getByRole('grid', { name: 'Jobs' });
    await user.dblClick(await within(grid).findByRole('row', { name: /Spring launch/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Job details' });
    await within(drawer).findByText('Service record');
    await user.click(within(drawer).getByRole('button', { name: 'Duplicate into the form' }));

    await waitFor(() => expect(createSection()).toBeVisible());
    expect(api.callsOf('projects:fields')).toEqual([{ projectId: 'p-1' }]);
    expect(await screen.findByLabelText('Headline')).toHaveValue('Spring launch');
    // The person continues in the form: the button they pressed is on the hidden Queue.
    await waitFor(() => expect(screen.getByLabelText('Headline')).toHaveFocus());
    expect(screen.getByRole('textbox', { name: /Hero image/ })).toHaveValue(
      'https://cdn.example.com/hero.png',
    );
    expect(screen.getByLabelText('Music starts at (seconds)')).toHaveValue(4);
    expect(screen.getByRole('textbox', { name: /Music/ })).toHaveValue('https://cdn.example.com/tune.mp3');
    const note = screen.getByText(/Filled in from/).closest('.notice')!;
    expect(note).toHaveTextContent('Filled in from “Social Banner · Spring launch”');
    expect(note).toHaveTextContent('The project has no field for “retired_field” any more');
    expect(useJobFormStore.getState().pendingPrefill).toBeNull();
  });

  it('says so when the job’s project is not active any more', async () => {
    const { user } = renderApp({}, [
      job({ id: 'j-1', projectId: 'p-ended', projectName: 'Ended promo', summary: 'Old' }),
    ]);
    await user.click(await screen.findByRole('link', { name: 'Queue' }));
    await user.dblClick(
      await within(screen.getByRole('grid', { name: 'Jobs' })).findByRole('row', { name: /Old/ }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Job details' });
    await user.click(within(drawer).getByRole('button', { name: 'Duplicate into the form' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The form could not be filled in');
    expect(alert).toHaveTextContent('“Ended promo” is not among the account’s active projects now');
    expect(queueSection()).toBeVisible();
  });
});

describe('the header', () => {
  it('warns of a low balance in words: under the floor, or under three jobs at the average cost', async () => {
    const { api } = renderApp({ 'credits:get': () => ({ credits: 7 }) });
    const credits = await screen.findByTestId('credits');
    const warning = await within(credits).findByTestId('low-balance');
    expect(warning).toHaveTextContent(/^⚠ Low\./);
    expect(warning).toHaveAttribute('title', 'Low balance: under 10 credits left. Top up in the web app.');
    api.emit('credits:changed', { accountId: 'a-1', credits: 400 });
    await waitFor(() => expect(within(credits).queryByTestId('low-balance')).not.toBeInTheDocument());
  });

  it('uses the average cost of finished jobs once it is known', async () => {
    const finished = (id: string, creditUsed: number) =>
      job({ id, tracking: 'final', status: 'SUCCESS', creditUsed });
    renderApp({ 'credits:get': () => ({ credits: 50 }) }, [
      finished('a', 20),
      finished('b', 24),
      finished('c', 16),
    ]);
    const warning = await screen.findByTestId('low-balance');
    expect(warning).toHaveAttribute(
      'title',
      'Low balance: enough for about 2 more jobs at 20 credits a job. Top up in the web app.',
    );
  });
});

describe('submitting with an unknown outcome', () => {
  it('says the outcome is unknown instead of claiming success, and offers the Queue', async () => {
    installFakeApi({
      'jobs:submit': () =>
        job({
          id: 'j-u',
          status: null,
          tracking: 'unknown',
          trackingNote: 'The connection broke after sending.',
        }),
    });
    useJobFormStore.setState({
      project: project(),
      mapping: mapping('image', { headline: { label: 'Headline', instructionType: 'text' } }),
      status: 'ready',
      capability: { available: false },
    });
    render(<JobFormPanel />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Headline'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    const notice = (await screen.findByText('Outcome unknown')).closest('.notice')!;
    expect(notice).toHaveTextContent('The connection broke after sending.');
    expect(screen.queryByText(/Job submitted/)).not.toBeInTheDocument();
    expect(
      within(notice as HTMLElement).getByRole('button', { name: 'Open in the Queue' }),
    ).toBeInTheDocument();
  });
});
