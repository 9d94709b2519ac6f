// @vitest-environment jsdom
// The expected cost above the Submit button: unknown without history, the typical charge and the balance
// after it otherwise, and a warning when the balance may not cover it.
import './setup';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CostEstimate } from '../../electron/shared/domain/job';
import { useCreditsStore } from '../../src/features/accounts/credits-store';
import { showForm } from './show-form';

const FIELDS = { headline: { label: 'Headline', instructionType: 'text' } };
const estimate = (value: CostEstimate) => ({ handlers: { 'jobs:costEstimate': () => value } });

beforeEach(() => useCreditsStore.setState({ accountId: 'a-1', credits: 20, error: null, loading: false }));

describe('the expected cost', () => {
  it('is unknown when the project has no finished job in the history', async () => {
    showForm('image', FIELDS, estimate({ samples: 0, typical: null, low: null, high: null }));
    expect(await screen.findByTestId('cost-estimate')).toHaveTextContent(
      'Expected cost: unknown (no finished job of this project in the history yet).',
    );
  });

  it('shows the typical charge, its range and the balance after it', async () => {
    const { api } = showForm('image', FIELDS, estimate({ samples: 12, typical: 5, low: 4, high: 6 }));
    expect(await screen.findByTestId('cost-estimate')).toHaveTextContent(
      'Expected cost: about 5 credits (4 credits to 6 credits over the last 12 jobs); balance after: 15 credits.',
    );
    expect(api.callsOf('jobs:costEstimate')).toEqual([{ projectId: 'p-1' }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when the balance may not cover the job', async () => {
    useCreditsStore.setState({ credits: 3 });
    showForm('image', FIELDS, estimate({ samples: 1, typical: 5, low: 5, high: 5 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your balance (3 credits) may not cover this job. Add credits to the account first',
    );
    expect(screen.getByTestId('cost-estimate')).toHaveTextContent('about 5 credits (from the last job).');
  });
});
