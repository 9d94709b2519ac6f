// The Queue's care in core, against the real sandbox over loopback: what a requeue will cost (learned from
// the project's successful jobs, else the job's last charge; the jobs it cannot requeue counted apart), the
// polling's health said as an event when the service stops answering and when it answers again ("Try now"
// asks at once), and exports whose save dialog starts in the account's download folder.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { dispatch } from '../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import type { JobView } from '../../electron/shared/domain/job';
import type { PollHealth } from '../../electron/shared/domain/poll-health';
import type { Channel, IpcResult } from '../../electron/shared/ipc/contract';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

let remote: RunningSandbox;
const cores: AppCore[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 300, slowMs: 60_000 }) });
});
afterAll(() => remote.close());
afterEach(async () => {
  remote.faults.reset();
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function value<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
}

async function withAccount() {
  const dir = await mkdtemp(join(tmpdir(), 'jrs-queue-care-'));
  dirs.push(dir);
  const saveDialogs: { defaultName: string; defaultFolder?: string }[] = [];
  const core = await createAppCore({
    dataDir: dir,
    downloadsDir: join(dir, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 300 })),
    flushMs: 20,
    dialogs: {
      async chooseSaveFile(options) {
        saveDialogs.push(options);
        return join(options.defaultFolder ?? dir, options.defaultName);
      },
    },
  });
  cores.push(core);
  const health: PollHealth[] = [];
  core.onEvent((event, payload) => {
    if (event === 'jobs:pollHealth') health.push(payload as PollHealth);
  });
  const call = async <T>(channel: Channel, params?: unknown): Promise<T> =>
    value((await dispatch(core, channel, params)) as IpcResult<T>);
  await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A });
  const submit = (projectId: string, headline: string) =>
    call<JobView>('jobs:submit', {
      projectId,
      projectName: 'Spring promo',
      jobType: projectId === IDS.video ? 'ai_talking_video' : 'video',
      values: { headline, photo: { image_url: 'https://example.com/a.png' } },
    });
  return { dir, call, submit, health, saveDialogs };
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const current = await read();
    if (done(current)) return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('says what a requeue will cost: the learned cost, else the last charge; what cannot run is counted apart', async () => {
  const { call, submit } = await withAccount();
  const first = await submit(IDS.video, 'One');
  const second = await submit(IDS.video, 'Two');
  const failing = await submit(IDS.failing, 'Bad');
  const jobs = await until(
    () => call<JobView[]>('jobs:list'),
    (list) => list.length === 3 && list.every((job) => job.tracking === 'final'),
  );
  const failed = jobs.find((job) => job.id === failing.id)!;
  expect(failed.status).toBe('FAILED');

  // Spring promo's successful jobs were charged 5 each: each of its jobs is expected at 5.
  expect(await call('jobs:requeueCost', { ids: [first.id, second.id] })).toEqual({
    jobs: 2,
    skipped: 0,
    credits: 10,
    unknown: 0,
  });
  // The failing project has no successful job: its job counts at its own last charge, else as unknown.
  const withFailed = await call('jobs:requeueCost', { ids: [first.id, failed.id, 'not-in-history'] });
  // (A failed run charged nothing says nothing of what a working one costs: then it is unknown.)
  expect(withFailed).toEqual(
    failed.creditUsed
      ? { jobs: 2, skipped: 1, credits: 5 + failed.creditUsed, unknown: 0 }
      : { jobs: 2, skipped: 1, credits: 5, unknown: 1 },
  );
});

it('says when the polls stop reaching the service and since when, then that they reach it again', async () => {
  const { call, submit, health } = await withAccount();
  await submit(IDS.slow, 'Slow');
  await call('jobs:pollNow');
  const before = await until(
    () => call<PollHealth>('jobs:pollHealth'),
    (now) => now.confirmedAt !== null,
  );
  expect(before.unreachableSince).toBeNull();
  expect(before.confirmedAt).not.toBeNull();

  remote.faults.set({ errorRate: 1 });
  await call('jobs:pollNow');
  const down = await until(
    () => health.at(-1),
    (last) => last?.unreachableSince !== null && last !== undefined,
  );
  // The statuses are as of the last answer before the outage.
  expect(Date.parse(down!.confirmedAt!)).toBeGreaterThanOrEqual(Date.parse(before.confirmedAt!));
  expect(Date.parse(down!.unreachableSince!)).toBeGreaterThanOrEqual(Date.parse(down!.confirmedAt!));
  expect(down!.reason).toMatch(/internal error \(HTTP 50\d\)/);
  expect(await call<PollHealth>('jobs:pollHealth')).toMatchObject({
    unreachableSince: down!.unreachableSince,
  });

  remote.faults.reset();
  await call('jobs:pollNow');
  const back = await until(
    () => health.at(-1),
    (last) => last?.unreachableSince === null,
  );
  expect(Date.parse(back!.confirmedAt!)).toBeGreaterThanOrEqual(Date.parse(down!.unreachableSince!));
});

it('starts the export’s save dialog in the account’s download folder, wherever it was moved', async () => {
  const { dir, call, submit, saveDialogs } = await withAccount();
  const job = await submit(IDS.video, 'Exported');
  const settings = await call<{ folder: string }>('downloads:settings');
  await call('jobs:export', { ids: [job.id] });
  expect(saveDialogs.at(-1)?.defaultFolder).toBe(settings.folder);

  const chosen = join(dir, 'Chosen');
  await mkdir(chosen);
  await call('downloads:saveSettings', { ...settings, folder: chosen });
  const saved = await call<{ path: string }>('jobs:export', { ids: [job.id] });
  expect(saveDialogs.at(-1)?.defaultFolder).toBe(chosen);
  expect(saved.path.startsWith(chosen)).toBe(true);
});
