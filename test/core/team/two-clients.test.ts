// Two clients on one team history in a real PostgreSQL (a throwaway cluster), each with its own data folder
// (its own computer), one account between them (the same session account, as two people with its key):
// one client polls the account for the team, the other sees what it learned as it happens; when the
// poller quits, the other takes the account over and goes on.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { JobsChanged, JobView } from '../../../electron/shared/domain/job';
import { pgClusterForThisFile } from '../../fixtures/pg-cluster-per-file';
import { value } from '../../fixtures/ipc-value';
import { testCoresAfterEach, videoRequest as request } from '../../fixtures/test-cores';
import { KEY_A, makeTestSeed } from '../../fixtures/test-seed';

const cluster = pgClusterForThisFile();
const { open } = testCoresAfterEach('jrs-team-');
let remote: RunningSandbox;

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 300 }) });
});
afterAll(() => remote.close());

/** A loaded two-core machine may take a few seconds over what takes milliseconds alone. */
const PATIENCE = { timeout: 30_000, interval: 50 };

async function teamClient(
  url: string,
  submittedBy: string,
  saves: 'saves files' | 'saves nothing' = 'saves nothing',
) {
  const client = await open({
    sessionAccounts: [{ id: 'team-account', name: 'Team', baseUrl: remote.url, apiKey: KEY_A }],
    team: { url, submittedBy, leaseMs: 1500 },
    savesFiles: saves === 'saves files',
  });
  // What the page is told as it happens (jobs:changed), by job: the latest view of each.
  const told = new Map<string, JobView>();
  client.core.onEvent((event, payload) => {
    if (event === 'jobs:changed') for (const job of (payload as JobsChanged).jobs) told.set(job.id, job);
  });
  return { ...client, told };
}

it('one client polls the account for the team, the other sees its jobs end; the other takes over when it quits', async () => {
  const url = await cluster().createDatabase();
  const ada = await teamClient(url, 'Ada on studio-1');
  const grace = await teamClient(url, 'Grace on studio-2', 'saves files');
  // Ada started first: the account's polling is hers; each computer saves its own files.
  expect(ada.core.isHistoryOwner()).toBe(true);
  expect(grace.core.isHistoryOwner()).toBe(false);

  // Grace submits; Ada's client polls it; Grace's page is told it finished, as it happens.
  const sent = value(await grace.call('jobs:submit', request('From Grace')));
  expect(sent.tracking).toBe('active');
  await vi.waitFor(() => expect(grace.told.get(sent.id)?.status).toBe('SUCCESS'), PATIENCE);
  // Her computer saves the file of the job that ended there too (Ada's saves nothing by itself).
  await vi.waitFor(async () => {
    const saved = value(await grace.call('downloads:list')).find((row) => row.jobId === sent.id);
    expect(saved?.state).toBe('done');
  }, PATIENCE);
  expect(value(await ada.call('downloads:list'))).toEqual([]);
  expect((await ada.list()).find((job) => job.id === sent.id)).toMatchObject({
    status: 'SUCCESS',
    summary: 'From Grace',
  });

  // Ada quits: her leases go at once, and Grace's client takes the account over and polls it.
  await ada.quit();
  await vi.waitFor(() => expect(grace.core.isHistoryOwner()).toBe(true), PATIENCE);
  const later = value(await grace.call('jobs:submit', request('After Ada left')));
  await vi.waitFor(async () => {
    expect((await grace.list()).find((job) => job.id === later.id)?.status).toBe('SUCCESS');
  }, PATIENCE);
});
