// A core started on an account list it cannot read (a folder in its place: EISDIR, as EACCES or EMFILE
// would be) or that is damaged archives no job: a list that only looks empty would make every job an
// orphan. Adding an account is then refused in words, naming the file, and nothing is written.
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { Channel, ParamsOf, ResultOf } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';

let remote: RunningSandbox;
let dir: string;
const cores: AppCore[] = [];
const secrets = new MemorySecretStore();
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
});
afterAll(() => remote.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jrs-unreadable-list-'));
});
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function open() {
  const core = await createAppCore({
    dataDir: join(dir, 'data'),
    downloadsDir: join(dir, 'Downloads'),
    secrets,
    sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50 })),
  });
  cores.push(core);
  const call = async <C extends Channel>(channel: C, params?: ParamsOf<C>): Promise<ResultOf<C>> =>
    value(await dispatch(core, channel, params));
  const close = async () => {
    cores.splice(cores.indexOf(core), 1);
    await core.dispose();
  };
  return { core, call, close };
}

/** Each job's archived flag as the history holds it (the history's owner archives orphans at start). */
function archived(jobs: string[]): number[] {
  const db = new Database(join(dir, 'data', 'history.sqlite'), { readonly: true });
  try {
    const rows = db.prepare('SELECT id, archived FROM jobs').all() as { id: string; archived: number }[];
    return jobs.map((id) => rows.find((row) => row.id === id)?.archived ?? -1);
  } finally {
    db.close();
  }
}

/** A history with one job of the sandbox account and one of a real account, made by a first run. */
async function historyWithJobs(): Promise<string[]> {
  const first = await open();
  await first.call('accounts:useSandbox');
  const job = { projectId: IDS.image, projectName: 'Image', jobType: 'image' as const, values: {} };
  const ids = [(await first.call('jobs:submit', job)).id];
  await first.call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A });
  ids.push((await first.call('jobs:submit', job)).id);
  await first.close();
  return ids;
}

it('archives no job, and refuses to add an account in words, when accounts.json cannot be read', async () => {
  const jobs = await historyWithJobs();
  const path = join(dir, 'data', 'accounts.json');
  rmSync(path);
  mkdirSync(path);

  const second = await open();
  await second.call('accounts:snapshot');
  expect(archived(jobs)).toEqual([0, 0]);
  const refused = await dispatch(second.core, 'accounts:add', {
    name: 'Other',
    baseUrl: remote.url,
    apiKey: KEY_A,
  });
  expect(refused).toMatchObject({ ok: false, error: { kind: 'storage' } });
  if (!refused.ok) {
    expect(refused.error.message).toContain(`The account list (${path}) could not be read (EISDIR)`);
    expect(refused.error.message).toContain('nothing was changed');
  }
  expect(statSync(path).isDirectory()).toBe(true);
});

it('archives no job in the run that set a damaged accounts.json aside', async () => {
  const jobs = await historyWithJobs();
  writeFileSync(join(dir, 'data', 'accounts.json'), '{"version": 1, "accounts": [oops');
  const second = await open();
  await second.call('accounts:snapshot');
  expect(archived(jobs)).toEqual([0, 0]);
  expect(readdirSync(join(dir, 'data')).some((name) => name.startsWith('accounts.json.damaged-'))).toBe(true);
});
