// @vitest-environment jsdom
// Rename belongs to the batch it was opened on: choosing another batch in the list while the name field is
// open drops the field, so its text can never be saved as the other batch's name.
import './setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { BatchView } from '../../electron/shared/domain/batch';
import { useAccountsStore } from '../../src/features/accounts/accounts-store';
import { BatchesScreen } from '../../src/features/batches/BatchesScreen';
import { installFakeApi } from './fake-api';
import { snapshot } from './fixtures';

function batch(id: string, name: string, createdAt: string): BatchView {
  return {
    id,
    accountId: 'a-1',
    projectId: 'p-1',
    projectName: 'Spring banners',
    name,
    createdAt,
    state: 'running',
    rows: 2,
    nameTemplate: null,
    columns: ['Name'],
  };
}

it('drops an open rename when another batch is chosen', async () => {
  const api = installFakeApi({
    'batches:list': () => [
      batch('b-new', 'banners · 26 Nov 2026', '2026-11-26T10:00:00.000Z'),
      batch('b-old', 'posters · 20 Nov 2026', '2026-11-20T10:00:00.000Z'),
    ],
    'batches:sheet': () => ({ columns: ['Name'], rows: [], lines: [] }),
    'batches:rename': () => batch('b-new', 'renamed', '2026-11-26T10:00:00.000Z'),
  });
  useAccountsStore.setState({ snapshot: snapshot({ activeId: 'a-1' }) });
  const user = userEvent.setup();
  render(<BatchesScreen />);
  await user.click(await screen.findByRole('button', { name: /^Rename/ }));
  const field = screen.getByRole('textbox', { name: /name/i });
  await user.clear(field);
  await user.type(field, 'typed for the first batch');
  await user.click(screen.getByRole('button', { name: /posters · 20 Nov 2026/ }));
  await waitFor(() => expect(screen.getByRole('heading', { name: /posters · 20 Nov 2026/ })).toBeVisible());
  expect(screen.queryByDisplayValue('typed for the first batch')).toBeNull();
  expect(api.callsOf('batches:rename')).toEqual([]);
});
