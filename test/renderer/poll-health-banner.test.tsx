// @vitest-environment jsdom
// The outage banner: since when the service cannot be reached and when the statuses were last confirmed,
// with the day when that was not today (an outage from yesterday must not read as this afternoon's).
import './setup';
import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useAccountsStore } from '../../src/features/accounts/accounts-store';
import { PollHealthBanner } from '../../src/features/queue/PollHealthBanner';
import { installFakeApi } from './fake-api';
import { snapshot } from './fixtures';

afterEach(() => vi.useRealTimers());

it('says the day with the time of an outage that began before today', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 26, 9, 30));
  installFakeApi({
    'jobs:pollHealth': () => ({
      accountId: 'a-1',
      confirmedAt: new Date(2026, 10, 25, 14, 1).toISOString(),
      unreachableSince: new Date(2026, 10, 25, 14, 2).toISOString(),
      reason: null,
    }),
  });
  useAccountsStore.setState({ snapshot: snapshot({ activeId: 'a-1' }) });
  render(<PollHealthBanner />);
  const banner = await screen.findByTestId('poll-health');
  // In the computer's own format ("25 Nov, 14:02", "Nov 25, 02:02 PM"): the day is there either way.
  expect(banner).toHaveTextContent(
    /since (25 Nov|Nov 25), (14:02|02:02 PM) — statuses as of (25 Nov|Nov 25), (14:01|02:01 PM)\./,
  );
});
