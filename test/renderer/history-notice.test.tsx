// @vitest-environment jsdom
// The notice about the job history file: what core says at start (a damaged file set aside) is shown above
// the screens, a new one (the file deleted or made read-only while the app runs) replaces it at once, and
// the person can dismiss it by keyboard.
import './setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { installFakeApi } from './fake-api';
import { project, snapshot } from './fixtures';

const SET_ASIDE =
  'The job history could not be read, so it was set aside as /home/ann/.config/Job Rendering Studio/history.sqlite.damaged-2026-01-01T00-00-00-000Z and a new, empty history was started. Keep that file if you need its records.';

describe('the notice about the job history', () => {
  it('shows what core said at start, then each new notice, and is dismissed by keyboard', async () => {
    const api = installFakeApi({
      'accounts:snapshot': () => snapshot(),
      'projects:list': () => [project({ projectName: 'Spring Teaser' })],
      'jobs:list': () => [],
      'jobs:notice': () => ({ message: SET_ASIDE }),
      'credits:get': () => ({ credits: 10 }),
      'assets:capability': () => ({ available: true }),
    });
    render(<App />);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your job history');
    expect(notice).toHaveTextContent(SET_ASIDE);

    const lost =
      'The history file (/home/ann/.config/Job Rendering Studio/history.sqlite) was deleted or moved while the app was running. Nothing is lost: the app wrote what it had to a new history file there and keeps it up to date until it quits.';
    api.emit('history:notice', { message: lost });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(lost));

    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Dismiss the notice about the job history' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByText(lost)).not.toBeInTheDocument();
  });

  it('shows nothing when all is well', async () => {
    installFakeApi({
      'accounts:snapshot': () => snapshot(),
      'projects:list': () => [project({ projectName: 'Spring Teaser' })],
      'jobs:list': () => [],
      'jobs:notice': () => ({ message: null }),
      'credits:get': () => ({ credits: 10 }),
      'assets:capability': () => ({ available: true }),
    });
    render(<App />);
    expect(await screen.findByText('Spring Teaser')).toBeInTheDocument();
    expect(screen.queryByText('Your job history')).not.toBeInTheDocument();
  });
});
