// @vitest-environment jsdom
// The form panel when a project's fields cannot be loaded: an outage is said once (in Projects), so the
// panel only points there; any other failure is said here in full. Try again loads again.
import './setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { JobFormPanel } from '../../src/features/job-form/JobFormPanel';
import { useJobFormStore } from '../../src/features/job-form/job-form-store';
import { FakeFailure, installFakeApi } from './fake-api';
import { mapping, project } from './fixtures';

const OUTAGE =
  'The service at 127.0.0.1:4010 could not be reached while reading the project’s fields (ECONNREFUSED). Check your internet connection and that the service is running, then try again.';

describe('the form panel when the fields cannot be loaded', () => {
  it('points to the one outage note instead of repeating it, and loads again on Try again', async () => {
    let attempts = 0;
    installFakeApi({
      'projects:fields': () => {
        attempts += 1;
        if (attempts === 1) throw new FakeFailure({ kind: 'network', message: OUTAGE });
        return mapping('image', { headline: { label: 'Headline', instructionType: 'text' } });
      },
      'forms:get': () => ({ draft: null, skipEmptyCheck: false }),
    });
    render(<JobFormPanel />);
    await useJobFormStore.getState().choose(project());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service cannot be reached right now: see the note in Projects.');
    expect(alert).not.toHaveTextContent('ECONNREFUSED');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Headline')).toBeInTheDocument();
  });

  it('says any other failure in full', async () => {
    installFakeApi({
      'projects:fields': () => {
        throw new FakeFailure({
          kind: 'not-found',
          message: 'That project no longer exists on the service.',
        });
      },
    });
    render(<JobFormPanel />);
    await useJobFormStore.getState().choose(project());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That project no longer exists on the service.',
    );
  });
});
