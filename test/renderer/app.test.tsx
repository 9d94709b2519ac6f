// @vitest-environment jsdom
// The app's wiring: events from main reach the stores (accounts, jobs), an account change reloads what
// belongs to the account, an outage is said once (and what it left is read again when it ends), and a
// missing bridge is said plainly.
import './setup';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { FakeFailure, installFakeApi } from './fake-api';
import { job, project, snapshot } from './fixtures';

describe('App', () => {
  it('follows accounts:changed and jobs:changed, and reloads projects on an account switch', async () => {
    let listCalls = 0;
    const api = installFakeApi({
      'accounts:snapshot': () => snapshot(),
      'projects:list': () => {
        listCalls++;
        return [
          project({ projectName: listCalls === 1 ? 'First account project' : 'Second account project' }),
        ];
      },
      'jobs:list': () => [],
      'credits:get': () => ({ credits: 10 }),
      'assets:capability': () => ({ available: true }),
    });
    render(<App />);
    expect(await screen.findByText('First account project')).toBeInTheDocument();

    api.emit('jobs:changed', {
      accountId: 'a-1',
      jobs: [job({ projectName: 'Live job', status: 'STARTED' })],
      removed: [],
    });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Queue' }));
    const jobs = await screen.findByRole('grid', { name: 'Jobs' });
    expect(await within(jobs).findByText('Started')).toBeInTheDocument();
    expect(within(jobs).getByText('Live job')).toBeInTheDocument();

    const second = { ...snapshot().accounts[0]!, id: 'a-2', name: 'Brand team' };
    api.emit('accounts:changed', snapshot({ accounts: [...snapshot().accounts, second], activeId: 'a-2' }));
    expect(await screen.findByRole('button', { name: /^Account: Brand team/ })).toBeInTheDocument();
    expect(await screen.findByText('Second account project')).toBeInTheDocument();
    expect(api.callsOf('credits:get')).toHaveLength(2);
  });

  it('says an outage once, in the Projects panel, with the account’s state in the header', async () => {
    const unreachable = (what: string) =>
      `The service at api.example.com could not be reached while ${what} (ECONNREFUSED). Check your internet connection and that the service is running, then try again.`;
    let down = true;
    const unreachableAccount = snapshot({ accounts: [{ ...snapshot().accounts[0]!, state: 'unreachable' }] });
    const api = installFakeApi({
      'accounts:snapshot': () => unreachableAccount,
      'projects:list': () => {
        if (down)
          throw new FakeFailure({ kind: 'network', message: unreachable('listing the active projects') });
        return [project({ projectName: 'Spring Teaser' })];
      },
      'credits:get': () => {
        if (down)
          throw new FakeFailure({ kind: 'network', message: unreachable('reading the credit balance') });
        return { credits: 10 };
      },
      'jobs:list': () => [],
      'assets:capability': () => ({ available: true }),
    });
    const user = userEvent.setup();
    render(<App />);
    const alert = await screen.findByRole('alert');
    await screen.findByTestId('credits');
    await screen.findByRole('button', { name: /^Account: Acme marketing/ });

    // One error, in one place: not again as the balance's tooltip, nor a second Retry beside it.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Create' })).getByRole('alert')).toBe(alert);
    const sayingIt = [...document.querySelectorAll('*')].filter(
      (element) =>
        element.getAttribute('title')?.includes('could not be reached') ||
        [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.includes('could not be reached'),
        ),
    );
    expect(sayingIt).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /retry|try again/i })).toHaveLength(1);
    // It says what to do here, not somewhere else (Settings holds no service address to fix).
    expect(alert).not.toHaveTextContent(/Settings/);
    // The header says the account's state, to the eye and to a screen reader.
    const switcher = screen.getByRole('button', { name: /^Account: Acme marketing/ });
    expect(switcher).toHaveAccessibleName(/unreachable/i);
    expect(within(switcher).getByText('Unreachable')).toBeInTheDocument();

    // The service answers again: Try again loads the projects, and main's news of the account reads the balance.
    down = false;
    await user.click(within(alert).getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('Spring Teaser')).toBeInTheDocument();
    api.emit('accounts:changed', snapshot());
    expect(await within(screen.getByTestId('credits')).findByText('10')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the bridge to main is missing', async () => {
    Reflect.deleteProperty(window, 'api');
    render(<App />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The app could not start');
    expect(alert).toHaveTextContent('bridge to its core is missing');
  });

  it('the account appearing before the sandbox’s answer puts focus in the project search, never on the page', async () => {
    // main says accounts:changed before it answers accounts:useSandbox: the welcome screen (and its focused
    // button) goes at that moment, and the Create screen must take focus in the same commit.
    const api = installFakeApi({
      'accounts:snapshot': () => snapshot({ accounts: [], activeId: null }),
      'accounts:useSandbox': () => new Promise(() => {}),
      'projects:list': () => [project({ projectName: 'Spring Teaser' })],
      'jobs:list': () => [],
      'credits:get': () => ({ credits: 10 }),
      'assets:capability': () => ({ available: true }),
    });
    render(<App />);
    const tryIt = await screen.findByRole('button', { name: /try it without an account/i });
    tryIt.focus();
    await userEvent.setup().keyboard('{Enter}');
    act(() => api.emit('accounts:changed', snapshot()));
    expect(document.activeElement?.id).toBe('project-search');
  });
});
