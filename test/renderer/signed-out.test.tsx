// @vitest-environment jsdom
// A browser tab with no session (the browser host, opened without its sign-in link): the page says that the
// tab is not signed in and how to sign in, with no "Try again" that could not help; any other failure to start
// keeps its title and its button.
import './setup';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { socketApi } from '../../src/lib/socket-api';
import { FakeFailure, installFakeApi } from './fake-api';
import { snapshot } from './fixtures';

beforeEach(() => window.sessionStorage.clear());

describe('the page cannot start', () => {
  it('in a tab with no session, says it is not signed in and how to sign in, without Try again', async () => {
    // The browser host's own window.api, in a tab whose address carried no session.
    Object.defineProperty(window, 'api', { value: socketApi(), configurable: true, writable: true });
    render(<App />);
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('This tab is not signed in')).toBeInTheDocument();
    expect(notice).toHaveTextContent(
      /Run “jrs serve” \(or “npm start”\) again, or press Enter in the terminal/,
    );
    expect(notice).not.toHaveTextContent('The app could not start');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('on any other failure, keeps its title and Try again, which reads the accounts again', async () => {
    let answers = false;
    const api = installFakeApi({
      'accounts:snapshot': () => {
        if (!answers)
          throw new FakeFailure({ kind: 'network', message: 'The app’s host stopped. Start it again.' });
        return snapshot({ accounts: [], activeId: null });
      },
    });
    render(<App />);
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('The app could not start')).toBeInTheDocument();
    answers = true;
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Connect an account/ })).toBeInTheDocument();
    expect(api.callsOf('accounts:snapshot')).toHaveLength(2);
  });
});
