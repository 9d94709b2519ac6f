// @vitest-environment jsdom
// First run and accounts: the welcome's two choices, the connect form's checks and the server's refusals,
// the no-keychain choice, the masked key in the switcher, and the credits kept current by events.
import './setup';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { FakeFailure, installFakeApi, type FakeHandlers } from './fake-api';
import { snapshot } from './fixtures';

const EMPTY = snapshot({ accounts: [], activeId: null });

function renderApp(handlers: FakeHandlers) {
  const api = installFakeApi({
    'projects:list': () => [],
    'jobs:list': () => [],
    'credits:get': () => ({ credits: 120 }),
    'assets:capability': () => ({ available: false, reason: 'No storage.' }),
    ...handlers,
  });
  render(<App />);
  return { api, user: userEvent.setup() };
}

describe('first run', () => {
  it('offers the sandbox and a real account', async () => {
    const sandbox = snapshot({
      accounts: [
        { ...snapshot().accounts[0]!, id: 's', name: 'Sandbox (demo)', kind: 'sandbox', keyLast4: 'ab12' },
      ],
      activeId: 's',
    });
    const { api, user } = renderApp({
      'accounts:snapshot': () => EMPTY,
      'accounts:useSandbox': () => sandbox,
    });
    await user.click(await screen.findByRole('button', { name: /Try it without an account/ }));
    expect(api.callsOf('accounts:useSandbox')).toHaveLength(1);
    // The sandbox's key is made anew at each start: no key hint to show, only that it is the sandbox.
    const header = await screen.findByRole('button', { name: /^Account: Sandbox \(demo\)/ });
    expect(header).toHaveTextContent('Sandbox');
    expect(header).not.toHaveTextContent('••••');
    expect(await screen.findByText('120')).toBeInTheDocument();
  });

  it('checks the connect form before sending it', async () => {
    const { api, user } = renderApp({ 'accounts:snapshot': () => EMPTY });
    await user.click(await screen.findByRole('button', { name: /Connect an account/ }));
    await user.type(screen.getByLabelText('Service address'), 'ftp://example.com');
    await user.type(screen.getByLabelText('API key'), 'short');
    await user.click(screen.getByRole('button', { name: 'Connect account' }));
    expect(await screen.findByText('Give the account a name.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The address must start with https:// (http:// only for this computer, such as the sandbox).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The API key looks too short.')).toBeInTheDocument();
    expect(screen.getByLabelText('Account name')).toHaveFocus();
    expect(api.callsOf('accounts:add')).toEqual([]);
  });

  it.each([
    ['unauthorized', 'The service refused this API key'],
    ['network', 'The service could not be reached'],
    ['timeout', 'The service could not be reached'],
  ] as const)('shows a %s failure with its headline and main’s sentence', async (kind, title) => {
    const { user } = renderApp({
      'accounts:snapshot': () => EMPTY,
      'accounts:add': () => {
        throw new FakeFailure({ kind, message: `Sentence from main about ${kind}.` });
      },
    });
    await user.click(await screen.findByRole('button', { name: /Connect an account/ }));
    await user.type(screen.getByLabelText('Account name'), 'Acme');
    await user.type(screen.getByLabelText('Service address'), 'https://api.example.com');
    await user.type(screen.getByLabelText('API key'), 'abcdefgh12345678');
    await user.click(screen.getByRole('button', { name: 'Connect account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(`Sentence from main about ${kind}.`);
  });

  it('without a keychain, explains it and requires a choice: this session only or a key file', async () => {
    const noKeychain = { ...EMPTY, keychain: { available: false, reason: 'No Secret Service answered.' } };
    const { api, user } = renderApp({
      'accounts:snapshot': () => noKeychain,
      'accounts:add': () => snapshot(),
    });
    await user.click(await screen.findByRole('button', { name: /Connect an account/ }));
    expect(screen.getByText('No keychain was found')).toBeInTheDocument();
    expect(screen.getByText('No Secret Service answered.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Account name'), 'Acme');
    await user.type(screen.getByLabelText('Service address'), 'https://api.example.com');
    await user.type(screen.getByLabelText('API key'), 'abcdefgh12345678');
    await user.click(screen.getByRole('button', { name: 'Connect account' }));
    expect(await screen.findByText(/Choose “This session only” or “Save in a key file/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Save in a key file only you can read/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /This session only/ }));
    await user.click(screen.getByRole('button', { name: 'Connect account' }));
    await screen.findByRole('button', { name: /^Account: Acme marketing/ });
    expect(api.callsOf('accounts:add')).toEqual([
      {
        name: 'Acme',
        baseUrl: 'https://api.example.com',
        apiKey: 'abcdefgh12345678',
        sessionOnly: false,
        keep: 'session',
      },
    ]);
  });
});

describe('header', () => {
  it('shows the active account with a masked key, and the credits as events change them', async () => {
    const { api } = renderApp({ 'accounts:snapshot': () => snapshot() });
    const switcher = await screen.findByRole('button', { name: /^Account: Acme marketing/ });
    expect(switcher).toHaveTextContent('api.example.com · ••••1234');
    const credits = screen.getByTestId('credits');
    expect(await within(credits).findByText('120')).toBeInTheDocument();

    api.emit('credits:changed', { accountId: 'a-1', credits: 97 });
    expect(await within(credits).findByText('97')).toBeInTheDocument();
    // Another account's balance is not this one's.
    api.emit('credits:changed', { accountId: 'other', credits: 5 });
    expect(within(credits).getByText('97')).toBeInTheDocument();
  });

  it('lists every account in the menu and removes one only after confirming', async () => {
    const two = snapshot({
      accounts: [
        snapshot().accounts[0]!,
        { ...snapshot().accounts[0]!, id: 'a-2', name: 'Brand team', keyLast4: '9876', state: 'refused' },
      ],
    });
    const { api, user } = renderApp({
      'accounts:snapshot': () => two,
      'accounts:remove': () => snapshot(),
    });
    await user.click(await screen.findByRole('button', { name: /^Account: Acme marketing/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: /Acme marketing/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(menu).getByRole('menuitemradio', { name: /Brand team/ })).toHaveTextContent(
      '••••9876 · Key refused',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Remove “Acme marketing”…' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove “Acme marketing”?' });
    expect(api.callsOf('accounts:remove')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove account' }));
    expect(api.callsOf('accounts:remove')).toEqual([{ id: 'a-1', deleteHistory: false }]);
  });

  it('says what removing an account does, and deletes its history only when asked', async () => {
    const { api, user } = renderApp({
      'accounts:snapshot': () => snapshot(),
      'accounts:remove': () => snapshot({ accounts: [], activeId: null }),
    });
    await user.click(await screen.findByRole('button', { name: /^Account: Acme marketing/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove “Acme marketing”…' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove “Acme marketing”?' });
    expect(confirm).toHaveTextContent('Its API key is deleted from the keychain.');
    expect(confirm).toHaveTextContent(
      'Its job history stays in the Queue, greyed and read-only, unless you tick the box below.',
    );
    const box = within(confirm).getByRole('checkbox', { name: 'Also delete this account’s job history' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(confirm).toHaveTextContent('Its job history is deleted from this computer too.');
    await user.click(within(confirm).getByRole('button', { name: 'Remove account' }));
    expect(api.callsOf('accounts:remove')).toEqual([{ id: 'a-1', deleteHistory: true }]);
  });

  it('says that the sandbox’s demo data goes with it and its jobs stay unless asked', async () => {
    const sandbox = snapshot({
      accounts: [
        { ...snapshot().accounts[0]!, id: 's', name: 'Sandbox (demo)', kind: 'sandbox', storage: 'session' },
      ],
      activeId: 's',
    });
    const { user } = renderApp({ 'accounts:snapshot': () => sandbox });
    await user.click(await screen.findByRole('button', { name: /^Account: Sandbox/ }));
    await user.click(await screen.findByRole('menuitem', { name: /^Remove/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'The built-in sandbox and its demo data (projects, credits, files) are deleted.',
    );
    expect(confirm).toHaveTextContent(
      'Its jobs stay in the Queue, greyed, unless you also delete the history.',
    );
    expect(confirm).not.toHaveTextContent('keychain');
    // The checkbox follows the description; its label is not read as part of it.
    expect(confirm).toHaveAccessibleDescription(expect.not.stringContaining('Also delete') as string);
    expect(
      within(confirm).getByRole('checkbox', { name: 'Also delete this account’s job history' }),
    ).not.toBeChecked();
  });
});
