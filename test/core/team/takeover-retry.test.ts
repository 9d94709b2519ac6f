// A take-over that fails (the database blinking while this client settles what it took on) gives the lease
// up, so that another client can do the work; when no other client takes it, this one tries again after a
// lease's life and does the work after all, rather than never again until a restart. On injected time,
// against a real PostgreSQL.
import { afterEach, expect, it, vi } from 'vitest';
import type { OpenedHistory } from '../../../electron/core/app/opened-history';
import { openTeamHistory } from '../../../electron/core/app/team-history';
import { FakeTime } from '../../fixtures/fake-time';
import { pgClusterForThisFile } from '../../fixtures/pg-cluster-per-file';

const cluster = pgClusterForThisFile();
const LEASE_MS = 3_000;
const opened: OpenedHistory[] = [];
afterEach(async () => {
  for (const history of opened.splice(0)) {
    await history.release();
    await history.close();
  }
});

it('tries again for work whose take-over failed, and does it when no colleague took it', async () => {
  const url = await cluster().createDatabase();
  // Fake time from the real now: the server's clock and this one agree, as on a real computer.
  const time = new FakeTime(Date.now());
  const lines: string[] = [];
  const history = await openTeamHistory({
    url,
    computerId: 'studio-1',
    submittedBy: 'Ada',
    clientId: 'ada',
    accountIds: () => ['brand'],
    clock: time,
    timers: time,
    leaseMs: LEASE_MS,
    onChange: () => undefined,
    onLost: () => undefined,
    log: (line) => lines.push(line),
  });
  opened.push(history);
  // The first take-over fails (this computer's downloads, the first work taken), every later one works.
  let failures = 1;
  const taken: string[] = [];
  await history.start({
    gained: async () => {
      if (failures-- > 0) throw new Error('the database blinked');
      taken.push('ok');
    },
    otherWrites: () => undefined,
  });
  expect(history.holds('downloads')).toBe(false);
  expect(history.holds({ account: 'brand' })).toBe(true);
  expect(lines.join('\n')).toContain(
    'Taking on downloads:studio-1 failed, so another client may: the database blinked',
  );

  // No colleague took it: a lease's life later, this client tries again, takes it and does the work.
  await time.advance(LEASE_MS + 1);
  await vi.waitFor(() => expect(history.holds('downloads')).toBe(true), { timeout: 20_000, interval: 20 });
  expect(taken.length).toBeGreaterThanOrEqual(2);
});
