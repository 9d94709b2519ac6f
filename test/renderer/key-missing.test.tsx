// @vitest-environment jsdom
// An account whose key is missing (no keychain, and its session-only key gone with a restart): the account
// menu says where its key is now, and once its key is given again the balance and the projects are read again
// instead of staying "Unavailable" and "could not be loaded".
import './setup';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountView } from '../../electron/shared/domain/account';
import { App } from '../../src/app/App';
import { FakeFailure, installFakeApi } from './fake-api';
import { project, snapshot } from './fixtures';

const NO_KEYCHAIN = { available: false, reason: 'No Secret Service answered.' } as const;

function account(overrides: Partial<AccountView>): AccountView {
  return { ...snapshot().accounts[0]!, storage: 'session', ...overrides };
}

const KEY_MISSING = new FakeFailure({
  kind: 'no-account',
  message: 'The key of “Acme marketing” is missing on this computer: add it again.',
});

describe('an account whose key is missing', () => {
  it('reads the balance and the projects again once its key is given again', async () => {
    let keyGiven = false;
    const api = installFakeApi({
      'accounts:snapshot': () =>
        snapshot({ accounts: [account({ state: 'key-missing' })], keychain: NO_KEYCHAIN }),
      'accounts:add': () => {
        keyGiven = true;
        return snapshot({ accounts: [account({ state: 'valid' })], keychain: NO_KEYCHAIN });
      },
      'credits:get': () => {
        if (!keyGiven) throw KEY_MISSING;
        return { credits: 120 };
      },
      'projects:list': () => {
        if (!keyGiven) throw KEY_MISSING;
        return [project({ projectName: 'Social Banner' })];
      },
      'jobs:list': () => [],
      'assets:capability': () => ({ available: false, reason: 'No storage.' }),
    });
    render(<App />);
    const user = userEvent.setup();

    const credits = await screen.findByTestId('credits');
    expect(await within(credits).findByText(/Unavailable/)).toBeInTheDocument();
    expect(await screen.findByText('The projects could not be loaded')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /^Account: Acme marketing/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add the key of “Acme marketing” again…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add the key of “Acme marketing” again' });
    await user.type(within(dialog).getByLabelText('API key'), 'abcdefgh12345678');
    await user.click(within(dialog).getByRole('radio', { name: /This session only/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Connect account' }));

    await waitFor(() => expect(api.callsOf('accounts:add')).toHaveLength(1));
    // No reload and no "Try again": the account's change is enough.
    expect(await within(credits).findByText('120')).toBeInTheDocument();
    expect(await screen.findByText('Social Banner')).toBeInTheDocument();
    expect(screen.queryByText('The projects could not be loaded')).not.toBeInTheDocument();
    expect(api.callsOf('credits:get').length).toBeGreaterThanOrEqual(2);
    expect(api.callsOf('projects:list').length).toBeGreaterThanOrEqual(2);
  });

  it('says nothing of "this session only" in the menu while its key is missing, and says it once it is back', async () => {
    let current = snapshot({
      accounts: [
        account({ state: 'key-missing' }),
        account({ id: 'a-2', name: 'Brand team', keyLast4: '9876' }),
      ],
      keychain: NO_KEYCHAIN,
    });
    const api = installFakeApi({
      'accounts:snapshot': () => current,
      'credits:get': () => ({ credits: 120 }),
      'projects:list': () => [],
      'jobs:list': () => [],
      'assets:capability': () => ({ available: false, reason: 'No storage.' }),
    });
    render(<App />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Account: Acme marketing/ }));
    let menu = await screen.findByRole('menu');
    const missing = within(menu).getByRole('menuitemradio', { name: /Acme marketing/ });
    expect(missing).toHaveTextContent('Key missing — add it again');
    expect(missing).not.toHaveTextContent(/this session only/i);
    // The other account's session-only key is still here: its line says so.
    const present = within(menu).getByRole('menuitemradio', { name: /Brand team/ });
    expect(present).toHaveTextContent('api.example.com · key ••••9876 · this session only');
    await user.keyboard('{Escape}');

    current = snapshot({
      accounts: [account({ state: 'valid' }), current.accounts[1]!],
      keychain: NO_KEYCHAIN,
    });
    api.emit('accounts:changed', current);
    await user.click(await screen.findByRole('button', { name: /^Account: Acme marketing/ }));
    menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: /Acme marketing/ })).toHaveTextContent(
      'api.example.com · key ••••1234 · this session only',
    );
  });
});
