// Issue 16 items 3 and 12a through the core's own export (jobs:export), against the real sandbox: in the
// browser host, on a computer whose home has no Downloads folder, the export is saved (the folder made,
// owner-only; the file 0600) instead of failing with ENOENT; and a link planted at the name a save dialog
// returned is refused in words, the file it points to untouched.
import { mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { hostDialogs } from '../../electron/browser-host/host-dialogs';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { createAppCore } from '../../electron/core/app/create-app-core';
import type { Dialogs } from '../../electron/core/kernel/ports';
import { dispatch } from '../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import type { Channel } from '../../electron/shared/ipc/contract';
import { value } from '../fixtures/ipc-value';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

let remote: RunningSandbox;
const cores: AppCore[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 300 }) });
});
afterAll(() => remote.close());
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function temp(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A core with one remote account and one job in its history, saving through the given dialogs. */
async function coreWithJob(home: string, dialogs: Dialogs) {
  const core = await createAppCore({
    dataDir: join(home, '.config', 'jrs'),
    downloadsDir: join(home, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(makeTestSeed()),
    flushMs: 20,
    dialogs,
  });
  cores.push(core);
  const call = <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);
  value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
  const settings = value(await call('downloads:settings'));
  value(await call('downloads:saveSettings', { ...settings, auto: false }));
  const job = value(
    await call('jobs:submit', {
      projectId: IDS.video,
      projectName: 'Spring promo',
      jobType: 'ai_talking_video',
      values: { headline: 'Hello', photo: { image_url: 'https://example.com/a.png' } },
    }),
  );
  return { call, job };
}

it('the browser host saves an export where the home has no Downloads folder, owner-only', async () => {
  const home = await temp('jrs-home-');
  const downloads = join(home, 'Downloads');
  const { call, job } = await coreWithJob(home, hostDialogs(downloads));
  // Settings made the folder when they were saved; this computer has none (as a fresh account has).
  await rm(downloads, { recursive: true, force: true });
  const result = value(await call('jobs:export', { ids: [job.id] }));
  expect(result.rows).toBe(1);
  expect(result.path?.startsWith(`${downloads}/jobs-`)).toBe(true);
  expect(await readdir(downloads)).toEqual([result.path?.slice(downloads.length + 1)]);
  expect((await readFile(result.path ?? '', 'utf8')).charCodeAt(0)).toBe(0xfeff);
  expect((await stat(downloads)).mode & 0o777).toBe(0o700);
  expect((await stat(result.path ?? '')).mode & 0o777).toBe(0o600);
});

it('a link planted at the name the dialog returned: refused in words, the file it points to untouched', async () => {
  const home = await temp('jrs-home-');
  const outside = await temp('jrs-outside-');
  const secret = join(outside, 'notes.txt');
  await writeFile(secret, 'mine');
  const chosen = join(home, 'export.csv');
  await symlink(secret, chosen);
  const { call, job } = await coreWithJob(home, { chooseSaveFile: async () => chosen });
  const result = await call('jobs:export', { ids: [job.id] });
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.message).toBe(
    `The CSV was not saved: export.csv in ${home} is a link to somewhere else. The app does not write through it, so nothing was written and it was left as it is. Choose another name or folder.`,
  );
  expect(await readFile(secret, 'utf8')).toBe('mine');
});
