// A download survives the app being killed: a real child process runs the core, its job's file starts
// downloading from a slow CDN, and the child is killed with SIGKILL mid-body. The next start on the same
// data resumes from the bytes on disk (a Range request, not from zero) and ends byte-identical to the
// sandbox's file, with no `.part` left behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { startSandbox } from '../../../electron/sandbox';
import type { DownloadView } from '../../../electron/shared/domain/download';
import { value } from '../../fixtures/ipc-value';
import { storedBytes } from '../../fixtures/sandbox-outputs';
import { crashCoreDeps, untilChildHistory } from './crash-core';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';

const CHILD = join(__dirname, 'download-child.ts');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The child's download once its `.part` holds at least `bytes`. */
function untilPartHolds(
  dbPath: string,
  child: ChildProcess,
  bytes: number,
): Promise<{ target: string; part: number }> {
  return untilChildHistory(dbPath, child, (db) => {
    const row = db.prepare(`SELECT target FROM downloads WHERE state = 'active'`).get() as
      { target: string } | undefined;
    const part = row ? statSync(`${row.target}.part`, { throwIfNoEntry: false })?.size : undefined;
    return row && part !== undefined && part >= bytes ? { target: row.target, part } : undefined;
  });
}

it('a download killed mid-body with SIGKILL resumes from its bytes on disk after restart, byte-identical', async () => {
  const sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 200 }) });
  cleanups.push(() => sandbox.close());
  // Slow enough that the child is killed mid-body.
  sandbox.faults.set({ cdnBytesPerSecond: 40_000 });
  const dataDir = mkdtempSync(join(tmpdir(), 'jrs-download-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, sandbox.url, KEY_A, IDS.video], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const { target, part } = await untilPartHolds(join(dataDir, 'history.sqlite'), child, 20_000);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  sandbox.faults.set({ cdnBytesPerSecond: null });
  const kept = statSync(`${target}.part`).size;
  expect(kept).toBeGreaterThanOrEqual(part);

  const core = await createAppCore({ ...crashCoreDeps(dataDir), flushMs: 10 });
  cleanups.push(() => core.dispose());
  let done: DownloadView | undefined;
  for (;;) {
    [done] = value(await dispatch(core, 'downloads:list', undefined));
    if (done?.state === 'done' || done?.state === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(done).toMatchObject({ state: 'done', path: target, error: null });

  const [job] = value(await dispatch(core, 'jobs:list', undefined));
  const original = await storedBytes(sandbox, job!.outputPath!);
  expect(original.byteLength).toBeGreaterThan(kept);
  expect((await readFile(target)).equals(original)).toBe(true);
  expect(statSync(`${target}.part`, { throwIfNoEntry: false })).toBeUndefined();
  // It went on from the bytes on disk: the last request asked for the rest, not the whole file again.
  const ranges = sandbox.inspect.cdnRequests().flatMap((request) => request.headers.range ?? []);
  expect(ranges).toEqual([`bytes=${kept}-`]);
}, 60_000);
