// @vitest-environment jsdom
// The app's wiring: events from main reach the stores (accounts, jobs), an account change reloads what
// belongs to the account, and a missing bridge is said plainly.
import './setup';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { installFakeApi } from './fake-api';
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

  it('says so when the bridge to main is missing', async () => {
    Reflect.deleteProperty(window, 'api');
    render(<App />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The app could not start');
    expect(alert).toHaveTextContent('bridge to its core is missing');
  });
});
