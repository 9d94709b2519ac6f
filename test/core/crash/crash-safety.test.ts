// Crash safety with a real child process and SIGKILL: killed between writing a submission and the 201,
// and killed while polling. After a restart on the same data, nothing is lost, nothing is duplicated,
// the unknown outcome is shown with the exact values sent, and polling resumes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { Channel, IpcResult } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { crashCoreDeps, untilChildHistory } from './crash-core';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';

const CHILD = join(__dirname, 'crash-child.ts');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function startChild(dataDir: string, sandbox: RunningSandbox): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, sandbox.url, KEY_A, IDS.image], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return child;
}

/** Until the child's history shows a job row matching `where`. */
async function untilRow(dbPath: string, child: ChildProcess, where: string): Promise<void> {
  await untilChildHistory(dbPath, child, (db) => {
    const found = db.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE ${where}`).get() as { n: number };
    return found.n > 0 ? true : undefined;
  });
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function reopen(
  dataDir: string,
): Promise<{ core: AppCore; call: <C extends Channel>(c: C, p?: unknown) => Promise<IpcResult<unknown>> }> {
  const core = await createAppCore({ ...crashCoreDeps(dataDir), flushMs: 10 });
  cleanups.push(() => core.dispose());
  return { core, call: (channel, params) => dispatch(core, channel, params) };
}

async function untilTracking(
  call: (channel: 'jobs:list') => Promise<IpcResult<unknown>>,
  predicate: (job: { tracking: string; status: string | null }) => boolean,
): Promise<{ tracking: string; status: string | null }[]> {
  for (;;) {
    const jobs = value(await call('jobs:list')) as { tracking: string; status: string | null }[];
    if (jobs.length > 0 && jobs.every(predicate)) return jobs;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A child that wrote its submission and was killed before the service answered (the POST hangs). */
async function killedBeforeTheAnswer(): Promise<{ sandbox: RunningSandbox; dataDir: string }> {
  const sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 200 }) });
  cleanups.push(() => sandbox.close());
  sandbox.faults.script({ kind: 'delay', ms: 10_000 }, { method: 'POST', path: '/jobs/v2' });
  const dataDir = mkdtempSync(join(tmpdir(), 'jrs-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = startChild(dataDir, sandbox);
  await untilRow(join(dataDir, 'history.sqlite'), child, `tracking = 'submitting'`);
  await kill(child);
  return { sandbox, dataDir };
}

describe('crash safety', () => {
  it('a submission interrupted before the 201 comes back as “outcome unknown” with its values, and can be resubmitted once', async () => {
    const { sandbox, dataDir } = await killedBeforeTheAnswer();

    const { call } = await reopen(dataDir);
    const jobs = value(await call('jobs:list')) as Array<Record<string, unknown>>;
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job).toMatchObject({
      tracking: 'unknown',
      uuid: null,
      values: { headline: 'Survives a crash', photo: { image_url: 'https://example.com/a.png' } },
    });
    expect(String(job!['trackingNote'])).toMatch(/app stopped before the service answered/);
    // The exact request is kept, with the client request id the service stores in `input`.
    const detail = value(await call('jobs:get', { id: job!['id'] })) as { input: Record<string, unknown> };
    expect(detail.input['client_request_id']).toBe(job!['id']);

    // Nothing was resent on its own.
    const before = sandbox.inspect.jobCount(KEY_A);
    const resubmitted = value(await call('jobs:resubmit', { id: job!['id'] })) as Record<string, unknown>;
    expect(resubmitted).toMatchObject({ id: job!['id'], tracking: 'active', status: 'QUEUED' });
    expect(sandbox.inspect.jobCount(KEY_A)).toBe(before + 1);
    await untilTracking(call, (candidate) => candidate.tracking === 'final');
    expect(value(await call('jobs:list'))).toHaveLength(1);
  });

  it('an unknown outcome can be discarded, and then it is gone', async () => {
    const { dataDir } = await killedBeforeTheAnswer();

    const { call } = await reopen(dataDir);
    const [job] = value(await call('jobs:list')) as Array<{ id: string }>;
    value(await call('jobs:discard', { id: job!.id }));
    expect(value(await call('jobs:list'))).toEqual([]);
  });

  it('a job killed while being polled is polled again after restart, once, to its final state', async () => {
    const sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 2500 }) });
    cleanups.push(() => sandbox.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'jrs-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const child = startChild(dataDir, sandbox);
    await untilRow(join(dataDir, 'history.sqlite'), child, `tracking = 'active' AND uuid IS NOT NULL`);
    await kill(child);
    expect(sandbox.inspect.jobCount(KEY_A)).toBe(1);

    const { call } = await reopen(dataDir);
    const [resumed] = value(await call('jobs:list')) as Array<{ tracking: string }>;
    expect(resumed!.tracking).toBe('active');
    const done = await untilTracking(call, (job) => job.tracking === 'final');
    expect(done).toHaveLength(1);
    expect(done[0]!.status).toBe('SUCCESS');
    // Nothing duplicated on either side.
    expect(sandbox.inspect.jobCount(KEY_A)).toBe(1);
  });
});
