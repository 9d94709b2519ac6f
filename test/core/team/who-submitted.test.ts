// Issue 19, "who submitted each (a display name each person sets, defaulting to the OS user and host)": the
// installation's name (default, refusals in words, set, kept across a restart), recorded on every new job
// (the form's, a batch's rows, a job tracked by its id) as it was when the job was recorded, and the
// credits spent by person and by batch over a period, shown and saved as CSV (formula-guarded), through the
// app core against the real sandbox over loopback.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import { createApiClient } from '../../../electron/core/api';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { JobView } from '../../../electron/shared/domain/job';
import type { Channel } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';

let remote: RunningSandbox;
const cores: AppCore[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 100 }) });
});
afterAll(() => remote.close());
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function newCore(dir?: string) {
  const folder = dir ?? (await mkdtemp(join(tmpdir(), 'jrs-who-')));
  if (!dir) dirs.push(folder);
  const saved: string[] = [];
  const core = await createAppCore({
    dataDir: folder,
    downloadsDir: join(folder, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 100 })),
    flushMs: 20,
    autoDownload: false,
    dialogs: {
      async chooseSaveFile({ defaultName }) {
        const path = join(folder, defaultName);
        saved.push(path);
        return path;
      },
    },
  });
  cores.push(core);
  const call = <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);
  return { core, dir: folder, call, saved };
}

const request = (headline: string) => ({
  projectId: IDS.video,
  projectName: 'Spring promo',
  jobType: 'ai_talking_video',
  values: { headline },
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const current = await read();
    if (done(current)) return current;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function expectedDefault(): string {
  try {
    return `${userInfo().username}@${hostname()}`;
  } catch {
    return hostname();
  }
}

describe('the display name', () => {
  it('defaults to the OS user and host, refuses what is not a name in words, and keeps a set one across a restart', async () => {
    const { call, dir, core } = await newCore();
    expect(value(await call('team:name'))).toEqual({
      name: expectedDefault(),
      defaultName: expectedDefault(),
      isDefault: true,
    });
    const refusals = {
      '': /Type a name/,
      '   ': /Type a name/,
      ['x'.repeat(61)]: /60 characters or fewer/,
      'Ada\nLovelace': /line breaks, tabs or other invisible characters/,
      'Ada\u0007': /invisible characters/,
      'Ada\u202eecalevol': /invisible characters/,
    };
    for (const [name, words] of Object.entries(refusals)) {
      const refused = await call('team:setName', { name });
      expect(refused.ok, JSON.stringify(name)).toBe(false);
      if (!refused.ok) {
        expect(refused.error.kind).toBe('invalid-input');
        expect(refused.error.message).toMatch(words);
      }
    }
    expect(value(await call('team:name')).isDefault).toBe(true);
    // Trimmed; 60 characters (not UTF-16 units) is allowed.
    expect(value(await call('team:setName', { name: '  Ada Lovelace  ' }))).toMatchObject({
      name: 'Ada Lovelace',
      isDefault: false,
    });
    expect(value(await call('team:setName', { name: '🎬'.repeat(60) })).name).toBe('🎬'.repeat(60));
    value(await call('team:setName', { name: 'Ada Lovelace' }));
    await core.dispose();
    cores.splice(cores.indexOf(core), 1);
    const again = await newCore(dir);
    expect(value(await again.call('team:name'))).toMatchObject({ name: 'Ada Lovelace', isDefault: false });
    // Back to the default.
    expect(value(await again.call('team:setName', { name: null }))).toMatchObject({
      name: expectedDefault(),
      isDefault: true,
    });
  });
});

describe('who submitted each job', () => {
  it('records the name current when each job is recorded: the form, a batch’s rows, a job tracked by its id', async () => {
    const { call } = await newCore();
    value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
    value(await call('team:setName', { name: 'Ada' }));
    const first = value(await call('jobs:submit', request('First')));
    expect(first.submittedBy).toBe('Ada');

    value(await call('team:setName', { name: 'Ben on laptop' }));
    const batch = value(
      await call('batches:create', {
        projectId: IDS.video,
        projectName: 'Spring promo',
        name: 'Spring sheet',
        nameTemplate: null,
        sheet: { columns: ['Headline'], rows: [['One'], ['Two']], lines: [2, 3] },
        jobs: [
          { row: 0, request: request('One') },
          { row: 1, request: request('Two') },
        ],
      }),
    );
    const elsewhere = createApiClient({ baseUrl: remote.url, apiKey: KEY_A });
    const created = await elsewhere.createJob({
      template_id: IDS.video,
      job_type: 'ai_talking_video',
      version: 2,
      values: { headline: 'From a script' },
    });
    value(await call('team:setName', { name: '=HYPERLINK("https://evil.example","Eve")' }));
    const tracked = value(await call('jobs:track', { uuid: created.uuid }));
    expect(tracked.submittedBy).toBe('=HYPERLINK("https://evil.example","Eve")');

    const all = await until(
      async () => value(await call('jobs:list')),
      (jobs: JobView[]) => jobs.length === 4 && jobs.every((job) => job.tracking === 'final'),
    );
    const by = Object.fromEntries(all.map((job) => [job.summary, job.submittedBy]));
    expect(by).toEqual({
      First: 'Ada',
      One: 'Ben on laptop',
      Two: 'Ben on laptop',
      'From a script': '=HYPERLINK("https://evil.example","Eve")',
    });
    expect(all.filter((job) => job.batchId === batch.id)).toHaveLength(2);

    // The report: every job finished just now; the period around now holds them all.
    const now = Date.now();
    const period = { fromMs: now - 3_600_000, toMs: now + 3_600_000 };
    const credits = (summary: string) => all.find((job) => job.summary === summary)?.creditUsed ?? 0;
    const report = value(await call('credits:report', period));
    expect(report.byPerson).toEqual(
      expect.arrayContaining([
        { person: 'Ada', jobs: 1, credits: credits('First') },
        { person: 'Ben on laptop', jobs: 2, credits: credits('One') + credits('Two') },
      ]),
    );
    expect(report.byBatch.map((line) => line.name).sort()).toEqual(['Single jobs', 'Spring sheet']);
    // A period before any of it: empty.
    expect(value(await call('credits:report', { fromMs: 0, toMs: 1000 }))).toEqual({
      byPerson: [],
      byBatch: [],
    });
    const backwards = await call('credits:report', { fromMs: 2000, toMs: 1000 });
    expect(backwards.ok ? '' : backwards.error.message).toMatch(/must end after it starts/);
  });

  it('saves the report as CSV where the person chooses, every name formula-guarded', async () => {
    const { call, saved } = await newCore();
    value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
    value(await call('team:setName', { name: '=HYPERLINK("https://evil.example","Eve")' }));
    value(await call('jobs:submit', request('Charged')));
    const [job] = await until(
      async () => value(await call('jobs:list')),
      (jobs: JobView[]) => jobs[0]?.tracking === 'final',
    );
    const now = Date.now();
    const result = value(
      await call('credits:exportReport', {
        fromMs: now - 3_600_000,
        toMs: now + 3_600_000,
        fileLabel: '2026-11-26-to-2026-11-26',
      }),
    );
    expect(result.path).toBe(saved[0]);
    expect(result.path?.endsWith('credits-spent-2026-11-26-to-2026-11-26.csv')).toBe(true);
    const text = await readFile(result.path ?? '', 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const credits = String(job?.creditUsed);
    const from = new Date(now - 3_600_000).toISOString();
    const to = new Date(now + 3_600_000).toISOString();
    expect(lines).toEqual([
      'by,name,jobs,credits,from,to',
      `person,"'=HYPERLINK(""https://evil.example"",""Eve"")",1,${credits},${from},${to}`,
      `person,Total,1,${credits},${from},${to}`,
      `batch,Single jobs,1,${credits},${from},${to}`,
      `batch,Total,1,${credits},${from},${to}`,
    ]);
  });
});
