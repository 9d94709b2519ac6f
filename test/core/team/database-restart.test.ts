// The team database restarted in the middle of a batch (every connection cut, the data kept): the client
// sending the rows goes on once it answers again; every row ends, none reaches the service twice (counted by
// the client request id each job carries), and none is lost between the service and the history.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { dispatch } from '../../../electron/core/app/dispatch';
import type { NewBatch } from '../../../electron/shared/domain/batch';
import type { JobView } from '../../../electron/shared/domain/job';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { pgClusterForThisFile } from '../../fixtures/pg-cluster-per-file';
import { requestIdsOnTheSandbox } from '../../fixtures/request-ids';
import { testCoresAfterEach } from '../../fixtures/test-cores';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';

const ROWS = 20;
const PATIENCE = { timeout: 60_000, interval: 100 };
const cluster = pgClusterForThisFile();
const { open } = testCoresAfterEach('jrs-team-restart-');
let remote: RunningSandbox;

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 150 }) });
});
afterAll(() => remote.close());

const batch: NewBatch = {
  projectId: IDS.image,
  projectName: 'Images',
  name: 'Restarted',
  nameTemplate: null,
  sheet: null,
  jobs: Array.from({ length: ROWS }, (_, row) => ({
    row,
    request: {
      projectId: IDS.image,
      projectName: 'Images',
      jobType: 'image' as const,
      values: { headline: `Row ${row}`, photo: { image_url: 'https://example.com/a.png' } },
    },
  })),
};

it('a batch goes on after the team database restarts mid-batch: every row ends, none sent twice', async () => {
  remote.faults.set({ latencyMs: 40 });
  const url = await cluster().createDatabase();
  const { core } = await open({
    sessionAccounts: [{ id: 'team-account', name: 'Team', baseUrl: remote.url, apiKey: KEY_A }],
    team: { url, leaseMs: 3000 },
  });
  const rows = async () => {
    const result = await dispatch(core, 'jobs:list', undefined);
    if (!result.ok) throw new Error(result.error.message);
    return result.value as JobView[];
  };
  const created = await dispatch(core, 'batches:create', batch);
  expect(created.ok).toBe(true);
  await vi.waitFor(async () => {
    const sent = (await rows()).filter((job) => job.tracking !== 'pending');
    expect(sent.length).toBeGreaterThanOrEqual(4);
  }, PATIENCE);

  await cluster().restart();

  await vi.waitFor(async () => {
    const all = await rows();
    expect(all).toHaveLength(ROWS);
    expect(all.filter((job) => job.tracking !== 'final')).toEqual([]);
  }, PATIENCE);
  const onSandbox = await requestIdsOnTheSandbox(remote, KEY_A);
  for (const job of await rows()) expect(onSandbox.get(job.id), job.summary).toHaveLength(1);
  expect(remote.inspect.jobCount(KEY_A)).toBe(ROWS);
}, 150_000);
