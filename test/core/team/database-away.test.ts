// A team's database out of reach (the network cut between this computer and the server): a new submission
// is refused in words that say what to do, and nothing reaches the service (its intent could not be
// written first); once the database answers again, the same submission goes through.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { dispatch } from '../../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { pgClusterForThisFile } from '../../fixtures/pg-cluster-per-file';
import { testCoresAfterEach } from '../../fixtures/test-cores';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';
import { cutOffProxy, type CutOffProxy } from '../db/postgres/cut-off-proxy';

const cluster = pgClusterForThisFile();
const { open } = testCoresAfterEach('jrs-team-away-');
let remote: RunningSandbox;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 200 }) });
});
afterAll(() => remote.close());
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const request = {
  projectId: IDS.video,
  projectName: 'Spring promo',
  jobType: 'ai_talking_video',
  values: { headline: 'While away', photo: { image_url: 'https://example.com/a.png' } },
};

it('refuses a submission in words while the team database cannot be reached, sends nothing, then works again', async () => {
  const proxy: CutOffProxy = await cutOffProxy(await cluster().createDatabase());
  closers.push(() => proxy.close());
  const { core } = await open({
    sessionAccounts: [{ id: 'team-account', name: 'Team', baseUrl: remote.url, apiKey: KEY_A }],
    team: { url: proxy.url, leaseMs: 1500 },
  });
  const password = new URL(proxy.url).password;

  await proxy.cut();
  const before = remote.inspect.jobCount();
  const refused = await dispatch(core, 'jobs:submit', request);
  expect(refused.ok).toBe(false);
  if (refused.ok) return;
  expect(refused.error.kind).toBe('team-unreachable');
  expect(refused.error.message).toMatch(/^The team database at 127\.0\.0\.1:\d+ cannot be reached now/);
  expect(refused.error.message).toContain('so this was not done');
  expect(refused.error.message).not.toContain(password);
  expect(remote.inspect.jobCount()).toBe(before);

  await proxy.restore();
  await vi.waitFor(
    async () => {
      const sent = await dispatch(core, 'jobs:submit', request);
      expect(sent.ok).toBe(true);
    },
    { timeout: 30_000, interval: 200 },
  );
  expect(remote.inspect.jobCount()).toBe(before + 1);
});
