// @vitest-environment jsdom
// Settings → Updates and the ready banner, on a fake bridge: the status in words as main reports it, the
// switch and Check now by keyboard, the banner's Restart now (the only way the app restarts) and Later.
import './setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../electron/shared/domain/updates';
import { UpdateReadyBanner } from '../../src/features/updates/UpdateReadyBanner';
import { UpdatesSettings } from '../../src/features/updates/UpdatesSettings';
import { useUpdatesStore } from '../../src/features/updates/updates-store';
import { installFakeApi } from './fake-api';

const initial = useUpdatesStore.getState();
beforeEach(() => useUpdatesStore.setState(initial, true));

function status(change: Partial<UpdateStatus> = {}): UpdateStatus {
  return {
    source: 'feed',
    enabled: true,
    currentVersion: '0.1.0',
    phase: 'up-to-date',
    version: null,
    percent: null,
    checkedMs: Date.UTC(2026, 10, 26, 9, 30),
    error: null,
    ...change,
  };
}

function Page(): React.JSX.Element {
  return (
    <>
      <UpdateReadyBanner />
      <main id="workspace" tabIndex={-1}>
        <UpdatesSettings />
      </main>
    </>
  );
}

describe('Settings → Updates', () => {
  it('says the status, follows main’s events, and works the switch and Check now by keyboard', async () => {
    let current = status();
    const api = installFakeApi({
      'updates:status': () => current,
      'updates:setEnabled': (params) =>
        (current = { ...current, enabled: (params as { enabled: boolean }).enabled }),
      'updates:checkNow': () => (current = { ...current, phase: 'checking' }),
    });
    render(<Page />);
    expect(await screen.findByTestId('update-status')).toHaveTextContent(
      'Up to date: version 0.1.0 is the newest.',
    );
    const toggle = screen.getByRole('switch', { name: 'Look for updates automatically' });
    expect(toggle).toBeChecked();

    const user = userEvent.setup();
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsOf('updates:setEnabled')).toEqual([{ enabled: false }]);
    expect(toggle).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Check now' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('update-status')).toHaveTextContent('Looking for updates…'),
    );

    api.emit(
      'updates:changed',
      status({ enabled: false, phase: 'downloading', version: '0.2.0', percent: 42.5 }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('update-status')).toHaveTextContent('Downloading version 0.2.0: 42%.'),
    );
    expect(screen.getByRole('progressbar', { name: 'Downloading version 0.2.0' })).toHaveAttribute(
      'value',
      '42.5',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Downloading version 0.2.0.');

    api.emit(
      'updates:changed',
      status({ phase: 'failed', error: 'The update feed at updates.example.com could not be reached.' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('update-status')).toHaveTextContent(
        'The last look for updates failed: The update feed at updates.example.com could not be reached.',
      ),
    );
  });

  it('in the browser host (and a copy built without a feed): only the words, no switch', async () => {
    installFakeApi({
      'updates:status': () =>
        status({ source: 'not-here', currentVersion: '', enabled: false, phase: 'idle' }),
    });
    render(<Page />);
    expect(await screen.findByTestId('update-status')).toHaveTextContent(
      'Updates come with the desktop app; the command line updates with npm install -g.',
    );
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check now' })).not.toBeInTheDocument();
  });
});

describe('the ready banner', () => {
  it('asks before restarting: Restart now asks main, Later puts it away for that version only', async () => {
    const api = installFakeApi({
      'updates:status': () => status({ phase: 'ready', version: '0.2.0' }),
      'updates:restart': () => undefined,
    });
    render(<Page />);
    const banner = await screen.findByRole('region', { name: 'Version 0.2.0 is ready' });
    expect(banner).toHaveTextContent('If you restart later, it is installed when you quit.');
    expect(api.callsOf('updates:restart')).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Restart now' })[0]!);
    expect(api.callsOf('updates:restart')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('region', { name: /is ready/ })).not.toBeInTheDocument();
    expect(document.getElementById('workspace')).toHaveFocus();
    // Settings still offers it.
    expect(screen.getByRole('button', { name: 'Restart now' })).toBeInTheDocument();

    api.emit('updates:changed', status({ phase: 'ready', version: '0.3.0' }));
    expect(await screen.findByRole('region', { name: 'Version 0.3.0 is ready' })).toBeInTheDocument();
  });
});
