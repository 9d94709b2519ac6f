// Two cores on one history, as the app and the command line run together, against the real sandbox: one
// owner does the background work. A batch the guest creates is sent by the owner, once per row; the guest
// reads every row's end from the history; when the owner exits the guest takes over and polls its own job.
// The lease runs on fake time that the test moves (the sandbox, HTTP and polling on the real clock): on a
// loaded machine it can neither lapse nor be taken over early, and the takeover comes when the test says.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { startSandbox } from '../../../electron/sandbox';
import type { JobView } from '../../../electron/shared/domain/job';
import type { Channel } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';
import { cleanupsAfterEach } from '../../fixtures/cleanups';
import { FakeTime } from '../../fixtures/fake-time';

const ROWS = 12;
const WATCH_MS = 50;
const LEASE_MS = 5_000;
const cleanups = cleanupsAfterEach();
/** The leases' own time: both cores' watches and renewals move only when the test moves it. */
const leaseTime = new FakeTime();

/**
 * Waits until `look` is satisfied, moving the leases' time one watch at a time (so each core sees the
 * other's writes) while the sandbox works on the real clock; says what never came, rather than timing out.
 */
async function until<T>(what: string, look: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}.`);
    await leaseTime.advance(WATCH_MS);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it('the app and the command line on one history: one owner sends and polls, the other reads, then takes over', async () => {
  const sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 150 }) });
  cleanups.push(() => sandbox.close());
  const dataDir = mkdtempSync(join(tmpdir(), 'jrs-shared-history-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // One keychain, as on one computer.
  const secrets = new MemorySecretStore();
  const open = () =>
    createAppCore({
      dataDir,
      downloadsDir: join(dataDir, 'Downloads'),
      secrets,
      sandbox: testSandboxLauncher(makeTestSeed()),
      flushMs: 10,
      // On the test's own time: it lapses only if the test moves that time past it without a renewal.
      lease: { leaseMs: LEASE_MS, watchMs: WATCH_MS, clock: leaseTime, timers: leaseTime },
    });
  const call = async <C extends Channel>(core: AppCore, channel: C, params?: unknown) =>
    dispatch(core, channel, params);

  const app = await open();
  let appOpen = true;
  cleanups.push(() => (appOpen ? app.dispose() : undefined));
  value(await call(app, 'accounts:add', { name: 'Team', baseUrl: sandbox.url, apiKey: KEY_A }));
  const cli = await open();
  let cliOpen = true;
  cleanups.push(() => (cliOpen ? cli.dispose() : undefined));
  expect([app.isHistoryOwner(), cli.isHistoryOwner()]).toEqual([true, false]);

  // The command line creates a batch; the app, which owns the history, sends it.
  const created = value(
    await call(cli, 'batches:create', {
      projectId: IDS.image,
      projectName: 'Images',
      name: 'From the command line',
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
    }),
  ) as { id: string };
  const cliJobs = async () =>
    (value(await call(cli, 'jobs:list')) as JobView[]).filter((job) => job.batchId === created.id);
  // The guest sees every row end, written by the owner.
  const ended = await until('every row to end, as the guest reads it', async () => {
    const jobs = await cliJobs();
    return jobs.length === ROWS && jobs.every((job) => job.status === 'SUCCESS') ? jobs : undefined;
  });
  expect(new Set(ended.map((job) => job.batchRow))).toEqual(
    new Set(Array.from({ length: ROWS }, (_, i) => i)),
  );
  expect(sandbox.inspect.jobCount(KEY_A)).toBe(ROWS);
  expect(cli.isHistoryOwner()).toBe(false);

  // The app quits: the command line takes the work over, and follows a job of its own to its end.
  appOpen = false;
  await app.dispose();
  // The app gave the lease up as it quit: the guest takes it when it next tries (every third of a lease).
  expect(cli.isHistoryOwner()).toBe(false);
  await leaseTime.advance(Math.ceil(LEASE_MS / 3));
  expect(cli.isHistoryOwner()).toBe(true);
  const submitted = value(
    await call(cli, 'jobs:submit', {
      projectId: IDS.image,
      projectName: 'Images',
      jobType: 'image',
      values: { headline: 'After the app quit', photo: { image_url: 'https://example.com/a.png' } },
    }),
  ) as { id: string };
  await until('the guest’s own job to end', async () => {
    const job = (value(await call(cli, 'jobs:list')) as JobView[]).find((row) => row.id === submitted.id);
    return job?.status === 'SUCCESS' ? job : undefined;
  });
  expect(sandbox.inspect.jobCount(KEY_A)).toBe(ROWS + 1);
  cliOpen = false;
  await cli.dispose();
}, 60_000);
