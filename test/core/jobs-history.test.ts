// The jobs domain against the real sandbox over loopback: the durable history, submission outcomes
// (created, refused, unknown), requeue with a lost id, tracking a job by id, CSV export, batched events,
// account health from submit, and what removing an account does to its history.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import { createApiClient } from '../../electron/core/api';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { dispatch } from '../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import type { JobsChanged, JobView } from '../../electron/shared/domain/job';
import type { Channel, EventName, IpcResult } from '../../electron/shared/ipc/contract';
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
  remote.faults.reset();
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function value<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
}

/** `again` reopens a data folder with the same keychain, as the app does after a restart. */
async function newCore(again?: { dir: string; secrets: MemorySecretStore }) {
  const dir = again?.dir ?? (await mkdtemp(join(tmpdir(), 'jrs-jobs-')));
  if (!again) dirs.push(dir);
  const secrets = again?.secrets ?? new MemorySecretStore();
  const saved: string[] = [];
  const core = await createAppCore({
    dataDir: dir,
    downloadsDir: join(dir, 'Downloads'),
    secrets,
    sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 300 })),
    flushMs: 20,
    dialogs: {
      async chooseSaveFile({ defaultName }) {
        const path = join(dir, defaultName);
        saved.push(path);
        return path;
      },
    },
  });
  cores.push(core);
  const events: { event: EventName; payload: unknown }[] = [];
  core.onEvent((event, payload) => events.push({ event, payload }));
  const call = <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);
  return { core, dir, secrets, events, call, saved };
}

async function withAccount() {
  const setup = await newCore();
  value(await setup.call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
  return setup;
}

const request = (projectId: string = IDS.video, headline = 'Hello') => ({
  projectId,
  projectName: 'Spring promo',
  jobType: projectId === IDS.failing ? 'video' : 'ai_talking_video',
  values: { headline, photo: { image_url: 'https://example.com/a.png' } },
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const current = await read();
    if (done(current)) return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const listOf = async (call: (c: 'jobs:list') => Promise<IpcResult<JobView[]>>) =>
  value(await call('jobs:list'));

describe('the job history', () => {
  it('keeps submitted jobs across a restart of the core, and follows them to the end', async () => {
    const { call, dir, secrets } = await withAccount();
    const job = value(await call('jobs:submit', request()));
    expect(job).toMatchObject({
      tracking: 'active',
      status: 'QUEUED',
      summary: 'Hello',
      projectName: 'Spring promo',
    });
    expect(job.uuid).toMatch(/^[0-9a-f-]{36}$/);
    await cores.pop()!.dispose();

    const again = await newCore({ dir, secrets });
    const listed = await until(
      () => listOf(again.call),
      (jobs) => jobs[0]?.tracking === 'final',
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: job.id, uuid: job.uuid, status: 'SUCCESS', creditUsed: 5 });
    expect(listed[0]!.finishedAt).not.toBeNull();
    expect(listed[0]!.outputPath).toMatch(/\.mp4$/);
  });

  it('sends changes as batched events, many jobs per event, for the active account only', async () => {
    const { call, events } = await withAccount();
    const submitted = await Promise.all(
      Array.from({ length: 8 }, (_, index) => call('jobs:submit', request(IDS.video, `Variant ${index}`))),
    );
    submitted.forEach((result) => value(result));
    await until(
      () => listOf(call),
      (jobs) => jobs.length === 8 && jobs.every((job) => job.tracking === 'final'),
    );
    await until(
      async () => events.filter((e) => e.event === 'credits:changed').length,
      (count) => count > 0,
    );
    const batches = events.filter((e) => e.event === 'jobs:changed').map((e) => e.payload as JobsChanged);
    const changes = batches.reduce((sum, batch) => sum + batch.jobs.length, 0);
    // 8 jobs × (sending, queued, …, success): fewer events than changes.
    expect(batches.length).toBeLessThan(changes);
    expect(batches.some((batch) => batch.jobs.length > 1)).toBe(true);
    const credits = events.filter((e) => e.event === 'credits:changed');
    expect(credits.length).toBeGreaterThan(0);
    expect(credits.length).toBeLessThan(8);
  });

  it('forgets a job the service refused outright (nothing was created), and says why', async () => {
    const { call } = await withAccount();
    const refused = await call('jobs:submit', {
      ...request(),
      projectId: '00000000-0000-4000-8000-000000000000',
    });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect(await listOf(call)).toEqual([]);
  });

  it('keeps a job whose outcome is unknown (connection reset after sending), and does not resend it', async () => {
    const { call } = await withAccount();
    const before = remote.inspect.jobCount(KEY_A);
    remote.faults.script({ kind: 'reset-after' }, { method: 'POST', path: '/jobs/v2' });
    const job = value(await call('jobs:submit', request(IDS.video, 'Maybe sent')));
    expect(job).toMatchObject({ tracking: 'unknown', uuid: null, summary: 'Maybe sent' });
    expect(job.trackingNote).toMatch(/may or may not have been created/);
    expect(remote.inspect.jobCount(KEY_A)).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remote.inspect.jobCount(KEY_A)).toBe(before + 1);
  });

  it('marks the key refused when a submit answers 401', async () => {
    const { call, secrets, events } = await withAccount();
    const { activeId } = value(await call('accounts:snapshot'));
    // The key in the keychain no longer works (rotated on the service, say).
    await secrets.set(activeId!, 'rotated-key-0000000');
    const refused = await call('jobs:submit', request());
    expect(refused).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    const snapshots = events.filter((e) => e.event === 'accounts:changed');
    expect(snapshots.at(-1)?.payload).toMatchObject({ accounts: [{ state: 'refused' }] });
  });
});

describe('requeue', () => {
  it('names the id the service did not know, marks it lost, and requeues the rest', async () => {
    const { call, dir } = await withAccount();
    const first = value(await call('jobs:submit', request(IDS.failing, 'One')));
    const second = value(await call('jobs:submit', request(IDS.failing, 'Two')));
    await until(
      () => listOf(call),
      (jobs) => jobs.length === 2 && jobs.every((job) => job.status === 'FAILED'),
    );
    // The service forgets the first one (its id no longer resolves).
    const db = new Database(join(dir, 'history.sqlite'));
    db.prepare('UPDATE jobs SET uuid = ? WHERE id = ?').run('deadbeef-0000-4000-8000-000000000000', first.id);
    db.close();

    const result = value(await call('jobs:requeue', { ids: [first.id, second.id] }));
    expect(result).toEqual({ requeued: [second.id], lost: [first.id], skipped: [] });
    const jobs = await listOf(call);
    const lost = jobs.find((job) => job.id === first.id)!;
    expect(lost.tracking).toBe('lost');
    expect(lost.trackingNote).toMatch(/no longer knows/);
    expect(jobs.find((job) => job.id === second.id)!.tracking).toBe('active');
    await until(
      () => listOf(call),
      (now) => now.find((job) => job.id === second.id)!.tracking === 'final',
    );
  });
});

describe('requeue when the unknown id is not the first', () => {
  it('never sends again the ids the service already requeued before it stopped', async () => {
    const lines: string[] = [];
    const own = await startSandbox({
      seed: makeTestSeed({ durationMs: 200 }),
      log: (line) => lines.push(line),
    });
    try {
      const { call, dir } = await newCore();
      value(await call('accounts:add', { name: 'Own', baseUrl: own.url, apiKey: KEY_A }));
      const good = value(await call('jobs:submit', request(IDS.failing, 'Good')));
      const gone = value(await call('jobs:submit', request(IDS.failing, 'Gone')));
      await until(
        () => listOf(call),
        (jobs) => jobs.every((job) => job.status === 'FAILED'),
      );
      const db = new Database(join(dir, 'history.sqlite'));
      db.prepare('UPDATE jobs SET uuid = ? WHERE id = ?').run(
        'deadbeef-0000-4000-8000-00000000beef',
        gone.id,
      );
      db.close();
      lines.length = 0;
      const result = value(await call('jobs:requeue', { ids: [good.id, gone.id] }));
      expect(result).toEqual({ requeued: [good.id], lost: [gone.id], skipped: [] });
      // One trigger: the service requeued Good before it stopped at Gone; Good is not sent twice.
      expect(lines.filter((line) => line.startsWith('POST /jobs/trigger-job'))).toHaveLength(1);
      const requeued = (await listOf(call)).find((job) => job.id === good.id)!;
      expect(requeued).toMatchObject({ tracking: 'active', error: null });
    } finally {
      await Promise.all(cores.splice(0).map((core) => core.dispose()));
      await own.close();
    }
  });
});

describe('tracking a job by id', () => {
  it('adds a job created elsewhere, with its project name and values, and follows it', async () => {
    const { call } = await withAccount();
    const elsewhere = createApiClient({ baseUrl: remote.url, apiKey: KEY_A });
    const created = await elsewhere.createJob({
      template_id: IDS.video,
      job_type: 'ai_talking_video',
      version: 2,
      values: { headline: 'From a script' },
    });
    const tracked = value(await call('jobs:track', { uuid: created.uuid }));
    expect(tracked).toMatchObject({
      uuid: created.uuid,
      projectName: 'Spring promo',
      summary: 'From a script',
    });
    // Tracking it twice does not add it twice.
    value(await call('jobs:track', { uuid: created.uuid }));
    const done = await until(
      () => listOf(call),
      (jobs) => jobs[0]?.tracking === 'final',
    );
    expect(done).toHaveLength(1);
  });

  it('says clearly when the account has no such job', async () => {
    const { call } = await withAccount();
    const missing = await call('jobs:track', { uuid: '00000000-0000-4000-8000-00000000abcd' });
    expect(missing).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(missing.ok ? '' : missing.error.message).toMatch(/has no job with the id/);
    const hostile = await call('jobs:track', { uuid: '../../etc/passwd' });
    expect(hostile).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });
});

describe('CSV export', () => {
  it('writes UTF-8 with a BOM, quotes awkward values, defuses formulas, one column per value', async () => {
    const { call, saved } = await withAccount();
    const a = value(await call('jobs:submit', request(IDS.video, 'Hello, "world"\nsecond line')));
    const b = value(await call('jobs:submit', request(IDS.video, '=HYPERLINK("http://evil")')));
    const result = value(await call('jobs:export', { ids: [a.id, b.id] }));
    expect(result).toEqual({ path: saved[0], rows: 2 });
    const text = await readFile(saved[0]!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header] = text.slice(1).split('\r\n');
    expect(header).toBe(
      'id,service id,project,type,status,tracking,created,finished,credits,output path,value: headline,value: photo',
    );
    expect(text).toContain('"Hello, ""world""\nsecond line"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain('https://example.com/a.png');
  });
});

describe('removing an account', () => {
  it('keeps its history, read-only, unless the person also deletes it', async () => {
    const { call } = await withAccount();
    value(await call('jobs:submit', request()));
    const { activeId } = value(await call('accounts:snapshot'));
    value(await call('accounts:remove', { id: activeId }));
    expect(await listOf(call)).toEqual([]);
    const archived = value(await call('jobs:list', { includeArchived: true }));
    expect(archived).toHaveLength(1);
    expect(archived[0]).toMatchObject({ archived: true, accountId: activeId });
    const requeue = value(await call('jobs:requeue', { ids: [archived[0]!.id] }));
    expect(requeue.skipped).toEqual([archived[0]!.id]);

    value(await call('accounts:add', { name: 'Again', baseUrl: remote.url, apiKey: KEY_A }));
    value(await call('jobs:submit', request()));
    const { activeId: second } = value(await call('accounts:snapshot'));
    value(await call('accounts:remove', { id: second, deleteHistory: true }));
    expect(value(await call('jobs:list', { includeArchived: true }))).toHaveLength(1);
  });
});

describe('jobs of an account that is no longer in the list', () => {
  it('stay with a session-only account after a restart: it is listed, its key missing, and nothing is archived', async () => {
    const first = await newCore();
    value(
      await first.call('accounts:add', {
        name: 'Just today',
        baseUrl: remote.url,
        apiKey: KEY_A,
        sessionOnly: true,
      }),
    );
    const job = value(await first.call('jobs:submit', request()));
    await cores.pop()!.dispose();

    const again = await newCore({ dir: first.dir, secrets: new MemorySecretStore() });
    const snapshot = value(await again.call('accounts:snapshot'));
    expect(snapshot.accounts.map((account) => [account.name, account.state])).toEqual([
      ['Just today', 'key-missing'],
    ]);
    const kept = value(await again.call('jobs:list', { includeArchived: true }));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: job.id, archived: false });
  });

  it('are kept read-only when their account is gone from the list (removed by another hand), not hidden', async () => {
    const first = await newCore();
    value(await first.call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
    const job = value(await first.call('jobs:submit', request()));
    await cores.pop()!.dispose();
    // accounts.json without it, as after a crash between removing an account and archiving its jobs.
    await writeFile(
      join(first.dir, 'accounts.json'),
      JSON.stringify({ version: 1, activeId: null, accounts: [] }),
    );
    const again = await newCore({ dir: first.dir, secrets: new MemorySecretStore() });
    const kept = value(await again.call('jobs:list', { includeArchived: true }));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: job.id, archived: true });
  });
});

describe('a damaged history file', () => {
  it('is set aside, and the app says so instead of starting empty in silence', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jrs-jobs-'));
    dirs.push(dir);
    await writeFile(join(dir, 'history.sqlite'), 'this is not a database'.repeat(500));
    const { call } = await newCore({ dir, secrets: new MemorySecretStore() });
    const { message } = value(await call('jobs:notice'));
    expect(message).toMatch(/could not be read, so it was set aside as .*history\.sqlite\.damaged-/);
    expect((await readdir(dir)).some((name) => name.startsWith('history.sqlite.damaged-'))).toBe(true);
    expect(await listOf(call)).toEqual([]);
  });
});

describe('an unknown outcome found by its id', () => {
  it('tracking the job the unknown submission did create resolves it instead of adding a second row', async () => {
    const { call } = await withAccount();
    remote.faults.script({ kind: 'reset-after' }, { method: 'POST', path: '/jobs/v2' });
    const unknown = value(await call('jobs:submit', request(IDS.video, 'Did it get through?')));
    expect(unknown.tracking).toBe('unknown');
    // The person finds the job on the service (another tool, a colleague) and pastes its id.
    const uuid = remote.inspect.jobIds(KEY_A).at(-1)!;
    const resolved = value(await call('jobs:track', { uuid }));
    expect(resolved).toMatchObject({ id: unknown.id, uuid, tracking: 'active' });
    expect(await listOf(call)).toHaveLength(1);
  });
});
