// Batches through the app's core against the real sandbox over loopback: every row is written `pending`
// at once and sent in row order under one session id of the batch's own; a row the service refuses is
// `refused` in words while the others go on; 429s send a row back to wait, never twice; pause stops the
// sending, resume goes on, cancel drops the unsent rows.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { NewBatch } from '../../../electron/shared/domain/batch';
import type { JobView } from '../../../electron/shared/domain/job';
import type { Channel } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';

let remote: RunningSandbox;
let dir: string;
let core: AppCore;
let secrets: MemorySecretStore;
/** Jobs the sandbox held before the test (it is shared by the file's tests). */
let before = 0;
const sent = () => remote.inspect.jobCount(KEY_A) - before;
const call = async <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);

/** The app's core on the test's data folder and keychain (a second start opens the same history). */
const openCore = () =>
  createAppCore({
    dataDir: dir,
    downloadsDir: join(dir, 'Downloads'),
    secrets,
    sandbox: testSandboxLauncher(makeTestSeed()),
    flushMs: 10,
  });

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 100 }) });
});
afterAll(() => remote.close());
beforeEach(async () => {
  remote.faults.reset();
  before = remote.inspect.jobCount(KEY_A);
  dir = await mkdtemp(join(tmpdir(), 'jrs-batch-'));
  secrets = new MemorySecretStore();
  core = await openCore();
  value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
  const settings = value(await call('downloads:settings'));
  value(await call('downloads:saveSettings', { ...settings, auto: false }));
});
afterEach(async () => {
  await core.dispose();
  await rm(dir, { recursive: true, force: true });
});

function batchOf(rows: number, projectOf: (row: number) => string = () => IDS.image): NewBatch {
  return {
    projectId: IDS.image,
    projectName: 'Images',
    name: 'Spring mailing',
    nameTemplate: null,
    sheet: null,
    jobs: Array.from({ length: rows }, (_, row) => ({
      row,
      request: {
        projectId: projectOf(row),
        projectName: 'Images',
        jobType: 'image' as const,
        values: { headline: `Row ${row}`, photo: { image_url: 'https://example.com/a.png' } },
      },
    })),
  };
}

const batchJobs = async (batchId: string) =>
  (value(await call('jobs:list')) as JobView[])
    .filter((job) => job.batchId === batchId)
    .sort((a, b) => (a.batchRow ?? 0) - (b.batchRow ?? 0));

async function untilSent(batchId: string, count: number): Promise<JobView[]> {
  let jobs: JobView[] = [];
  await vi.waitFor(
    async () => {
      jobs = await batchJobs(batchId);
      const done = jobs.filter((job) => job.tracking !== 'pending' && job.tracking !== 'submitting');
      expect(done).toHaveLength(count);
    },
    { timeout: 20_000, interval: 20 },
  );
  return jobs;
}

async function inputOf(uuid: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${remote.url}/jobs/${uuid}`, { headers: { 'x-api-key': KEY_A } });
  return ((await response.json()) as { input: Record<string, unknown> }).input;
}

it('writes every row pending at once, then sends them in row order under one session id of its own', async () => {
  // Each POST waits a little, so the rows are seen waiting.
  remote.faults.set({ latencyMs: 30 });
  const batch = value(await call('batches:create', batchOf(12)));
  expect(batch).toMatchObject({ name: 'Spring mailing', state: 'running', rows: 12 });
  const first = await batchJobs(batch.id);
  expect(first).toHaveLength(12);
  expect(first.filter((job) => job.tracking === 'pending').length).toBeGreaterThanOrEqual(8);

  const jobs = await untilSent(batch.id, 12);
  expect(jobs.every((job) => job.tracking === 'active' || job.tracking === 'final')).toBe(true);
  expect(sent()).toBe(12);
  // In row order: the service's ids were handed out in the order the rows were sent (4 at a time).
  const order = remote.inspect.jobIds(KEY_A).slice(before);
  const positions = jobs.map((job) => order.indexOf(job.uuid ?? ''));
  for (let row = 4; row < 12; row++) expect(positions[row]).toBeGreaterThan(positions[row - 4] ?? -1);

  const sessions = new Set(
    await Promise.all(jobs.map(async (job) => (await inputOf(job.uuid!))['session_id'])),
  );
  expect(sessions.size).toBe(1);
  const form = value(
    await call('jobs:submit', {
      projectId: IDS.image,
      projectName: 'Images',
      jobType: 'image',
      values: { headline: 'From the form' },
    }),
  );
  expect((await inputOf(form.uuid!))['session_id']).not.toBe([...sessions][0]);
  expect(value(await call('batches:list'))).toEqual([expect.objectContaining({ id: batch.id })]);
});

it('marks a row the service refuses as refused, in words, and sends the others', async () => {
  const batch = value(
    await call(
      'batches:create',
      batchOf(5, (row) => (row === 2 ? 'no-such-project' : IDS.image)),
    ),
  );
  const jobs = await untilSent(batch.id, 5);
  const refused = jobs.filter((job) => job.tracking === 'refused');
  expect(refused.map((job) => job.batchRow)).toEqual([2]);
  expect(refused[0]?.trackingNote).toMatch(/\S/);
  expect(sent()).toBe(4);
  // Sent again at the person's word (refused again here: the project still does not exist).
  expect(value(await call('batches:retryFailed', { id: batch.id }))).toEqual({ resent: 1, requeued: 0 });
  const again = await untilSent(batch.id, 5);
  expect(again.find((job) => job.batchRow === 2)?.tracking).toBe('refused');
});

it('sends a rate-limited row again once the limit allows, never twice', async () => {
  // More 429s in a row than the API client retries by itself: the row goes back to wait.
  remote.faults.script(
    { kind: 'rate-limit', retryAfter: '0' },
    { method: 'POST', path: '/jobs/v2', times: 6 },
  );
  const batch = value(await call('batches:create', batchOf(6)));
  const jobs = await untilSent(batch.id, 6);
  expect(jobs.every((job) => job.tracking === 'active' || job.tracking === 'final')).toBe(true);
  expect(remote.faults.pending()).toBe(0);
  expect(sent()).toBe(6);
});

it('pauses (rows on their way finish, no other leaves), resumes, and cancels the unsent rows', async () => {
  remote.faults.set({ latencyMs: 40 });
  const batch = value(await call('batches:create', batchOf(20)));
  expect(value(await call('batches:pause', { id: batch.id })).state).toBe('paused');
  // What was on its way when the pause came finishes; then nothing more leaves.
  await vi.waitFor(async () => {
    const jobs = await batchJobs(batch.id);
    expect(jobs.filter((job) => job.tracking === 'submitting')).toHaveLength(0);
  });
  const sentWhilePaused = sent();
  expect(sentWhilePaused).toBeLessThanOrEqual(4);
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(sent()).toBe(sentWhilePaused);

  value(await call('batches:resume', { id: batch.id }));
  await vi.waitFor(() => expect(sent()).toBeGreaterThanOrEqual(sentWhilePaused + 4), {
    timeout: 10_000,
  });
  const cancelled = value(await call('batches:cancel', { id: batch.id }));
  expect(cancelled.state).toBe('cancelled');
  await vi.waitFor(async () => {
    const jobs = await batchJobs(batch.id);
    expect(jobs.filter((job) => job.tracking === 'submitting')).toHaveLength(0);
  });
  const left = await batchJobs(batch.id);
  expect(left.filter((job) => job.tracking === 'pending')).toEqual([]);
  expect(left.length).toBe(sent());
  expect(left.length).toBeLessThan(20);
});

it('learns the key’s request limit from its 429s and starts the next run just under it', async () => {
  remote.faults.set({ perKeyRateLimit: 8 });
  const first = value(await call('batches:create', batchOf(24)));
  await untilSent(first.id, 24);
  const taughtBy = remote.faults.rateLimited;
  // The first run starts at 10 a second, over the key's 8: it meets 429s and learns from them.
  expect(taughtBy).toBeGreaterThan(0);
  await core.dispose();

  // The next run (same history) starts just under the limit it learned: no 429 to find it again.
  remote.faults.reset();
  remote.faults.set({ perKeyRateLimit: 8 });
  // A second for the sliding window to forget the first run's requests.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  core = await openCore();
  const second = value(await call('batches:create', batchOf(24)));
  await untilSent(second.id, 24);
  expect(remote.faults.rateLimited).toBeLessThan(taughtBy);
  expect(remote.faults.rateLimited).toBeLessThanOrEqual(1);
});
