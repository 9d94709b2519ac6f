// @vitest-environment jsdom
// The app's commands, from the keyboard and from the application menu (main's `app:command`): Ctrl+F finds
// (the projects on Create, the jobs in the Queue), the menu's Create, Queue and Submit Job; and choosing a
// project puts focus in its form.
import './setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { installFakeApi } from './fake-api';
import { job, mapping, project, snapshot } from './fixtures';

function renderApp() {
  const api = installFakeApi({
    'accounts:snapshot': () => snapshot(),
    'projects:list': () => [project({ projectId: 'p-1', projectName: 'Social Banner' })],
    'projects:fields': () => mapping('image', { headline: { label: 'Headline', instructionType: 'text' } }),
    'forms:get': () => ({ draft: null, skipEmptyCheck: false }),
    'forms:saveDraft': () => undefined,
    'jobs:costEstimate': () => ({ samples: 0, typical: null, low: null, high: null }),
    'credits:get': () => ({ credits: 500 }),
    'assets:capability': () => ({ available: false, reason: 'No storage.' }),
    'jobs:list': () => [],
    'jobs:submit': () => job({ status: 'QUEUED' }),
  });
  render(<App />);
  return { api, user: userEvent.setup() };
}

describe('Find (Ctrl+F, or Go → Find… in the menu)', () => {
  it('goes to the project search on Create and to the job search in the Queue', async () => {
    const { api, user } = renderApp();
    await screen.findByRole('button', { name: /Social Banner/ });
    await user.keyboard('{Control>}f{/Control}');
    await waitFor(() => expect(document.getElementById('project-search')).toHaveFocus());

    api.emit('app:command', { command: 'show-queue' });
    await waitFor(() => expect(document.getElementById('queue')).toBeVisible());
    api.emit('app:command', { command: 'find' });
    await waitFor(() => expect(document.getElementById('queue-search')).toHaveFocus());
  });
});

describe('Submit Job in the menu', () => {
  it('submits the open form as its button would, from any screen', async () => {
    const { api, user } = renderApp();
    await user.click(await screen.findByRole('button', { name: /Social Banner/ }));
    await user.type(await screen.findByLabelText('Headline'), 'Spring');
    api.emit('app:command', { command: 'show-queue' });
    api.emit('app:command', { command: 'submit-job' });
    await waitFor(() => expect(api.callsOf('jobs:submit')).toHaveLength(1));
    expect(document.getElementById('create')).toBeVisible();
  });
});

describe('choosing a project', () => {
  it('puts focus in its first field', async () => {
    const { user } = renderApp();
    await user.click(await screen.findByRole('button', { name: /Social Banner/ }));
    await waitFor(() => expect(screen.getByLabelText('Headline')).toHaveFocus());
  });
});
