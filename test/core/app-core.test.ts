// The app's core against the real sandbox over loopback: accounts and their keys, the sandbox account,
// projects, uploads, submitting and following a job, and what reaches disk.
import { mkdtemp, readFile, rm, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { dispatch } from '../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import type { Channel, EventName, IpcResult } from '../../electron/shared/ipc/contract';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

let remote: RunningSandbox;
let dataDir: string;
const cores: AppCore[] = [];

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 300 }) });
});
afterAll(() => remote.close());
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function newCore(options: { secrets?: MemorySecretStore; dir?: string } = {}) {
  dataDir = options.dir ?? (await mkdtemp(join(tmpdir(), 'jrs-core-')));
  const secrets = options.secrets ?? new MemorySecretStore();
  const launcher = testSandboxLauncher(makeTestSeed({ durationMs: 300 }));
  const core = await createAppCore({
    dataDir,
    downloadsDir: join(dataDir, 'Downloads'),
    secrets,
    sandbox: launcher,
    flushMs: 20,
  });
  cores.push(core);
  const events: { event: EventName; payload: unknown }[] = [];
  core.onEvent((event, payload) => events.push({ event, payload }));
  const call = async <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);
  return { core, secrets, launcher, events, call };
}

function value<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
}

describe('accounts', () => {
  it('adds an account after checking its key, keeps the key in the secret store and never shows it', async () => {
    const { call, secrets } = await newCore();
    const snapshot = value(
      await call('accounts:add', { name: 'Team', baseUrl: `${remote.url}/`, apiKey: KEY_A }),
    );
    expect(snapshot.accounts).toHaveLength(1);
    const [account] = snapshot.accounts;
    expect(account).toMatchObject({
      name: 'Team',
      baseUrl: remote.url,
      keyLast4: KEY_A.slice(-4),
      state: 'valid',
    });
    expect(snapshot.activeId).toBe(account!.id);
    expect(JSON.stringify(snapshot)).not.toContain(KEY_A);
    expect(await secrets.get(account!.id)).toBe(KEY_A);
    const onDisk = await readFile(join(dataDir, 'accounts.json'), 'utf8');
    expect(onDisk).toContain('Team');
    expect(onDisk).not.toContain(KEY_A);
    expect(value(await call('credits:get'))).toEqual({ credits: 100 });
  });

  it('says clearly when the key is refused or the address is unreachable, and adds nothing', async () => {
    const { call } = await newCore();
    const refused = await call('accounts:add', { name: 'X', baseUrl: remote.url, apiKey: 'wrong-key-99999' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(refused.ok ? '' : refused.error.message).toMatch(/refused this API key/);
    const unreachable = await call('accounts:add', {
      name: 'X',
      baseUrl: 'http://127.0.0.1:9',
      apiKey: KEY_A,
    });
    expect(unreachable).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(unreachable.ok ? '' : unreachable.error.message).toMatch(
      /Could not reach http:\/\/127\.0\.0\.1:9/,
    );
    expect(value(await call('accounts:snapshot')).accounts).toEqual([]);
    for (const result of [refused, unreachable]) expect(JSON.stringify(result)).not.toContain(KEY_A);
  });

  it('rejects malformed input before doing anything', async () => {
    const { call } = await newCore();
    const result = await call('accounts:add', { name: '', baseUrl: 'ftp://x', apiKey: 'short' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('removes an account and its key', async () => {
    const { call, secrets } = await newCore();
    const { accounts } = value(
      await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }),
    );
    const after = value(await call('accounts:remove', { id: accounts[0]!.id }));
    expect(after).toMatchObject({ accounts: [], activeId: null });
    expect(await secrets.get(accounts[0]!.id)).toBeNull();
    expect(await call('projects:list')).toMatchObject({ ok: false, error: { kind: 'no-account' } });
  });

  it('keeps accounts across a restart; a session-only one stays listed, its key missing', async () => {
    const secrets = new MemorySecretStore();
    const first = await newCore({ secrets });
    value(await first.call('accounts:add', { name: 'Kept', baseUrl: remote.url, apiKey: KEY_A }));
    value(
      await first.call('accounts:add', {
        name: 'Session',
        baseUrl: remote.url,
        apiKey: KEY_A,
        sessionOnly: true,
      }),
    );
    const dir = dataDir;
    await first.core.dispose();
    const second = await newCore({ secrets, dir });
    const snapshot = value(await second.call('accounts:snapshot'));
    expect(snapshot.accounts.map((account) => [account.name, account.state])).toEqual([
      ['Kept', 'unchecked'],
      ['Session', 'key-missing'],
    ]);
    value(await second.call('accounts:activate', { id: snapshot.accounts[0]!.id }));
    expect(value(await second.call('credits:get'))).toEqual({ credits: expect.any(Number) });
  });

  it('sets a damaged accounts.json aside instead of failing or losing it', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'jrs-core-'));
    await writeFile(join(dataDir, 'accounts.json'), '{"version": 1, "accounts": [oops');
    const { call } = await newCore({ dir: dataDir });
    expect(value(await call('accounts:snapshot')).accounts).toEqual([]);
    expect((await readdir(dataDir)).some((name) => name.startsWith('accounts.json.damaged-'))).toBe(true);
  });
});

describe('the sandbox account', () => {
  it('starts the in-process sandbox with a random key and lists its projects', async () => {
    const { call, launcher, secrets } = await newCore();
    const snapshot = value(await call('accounts:useSandbox'));
    expect(launcher.started).toBe(1);
    const account = snapshot.accounts[0]!;
    expect(account.kind).toBe('sandbox');
    expect(account.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Its key is made by the launcher for this run, never kept in the keychain.
    expect(await secrets.get(account.id)).toBeNull();
    const key = launcher.running[0]!.apiKeys[0]!;
    expect(key).toMatch(/^sandbox-[0-9a-f]{48}$/);
    expect(JSON.stringify(snapshot)).not.toContain(key);
    const projects = value(await call('projects:list'));
    expect(projects.map((project) => project.projectId)).toContain(IDS.video);
    // Using it again activates the same account; no second sandbox.
    value(await call('accounts:useSandbox'));
    expect(launcher.started).toBe(1);
  });

  it('uploads a dropped image and submits a job that is followed to SUCCESS with the balance refreshed', async () => {
    const { call, events } = await newCore();
    value(await call('accounts:useSandbox'));
    expect(value(await call('assets:capability'))).toEqual({ available: true });
    // The smallest valid PNG: one transparent pixel.
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffffff7f0009fb03fd2a86e38a0000000049454e44ae426082',
      'hex',
    );
    const { url } = value(
      await call('assets:upload', {
        kind: 'image',
        name: '../../evil name.png',
        mimeType: 'image/png',
        bytes: new Uint8Array(png),
      }),
    );
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(png);
    expect(new URL(url).pathname).not.toContain('..');

    const fields = value(await call('projects:fields', { projectId: IDS.image }));
    expect(Object.keys(fields.fields)).toEqual(['headline', 'photo', 'voice']);
    const job = value(
      await call('jobs:submit', {
        projectId: IDS.image,
        projectName: '',
        jobType: 'image',
        values: {
          headline: 'Hello',
          photo: { image_url: url },
          // Not the PNG: the sandbox's worker fetches inputs on this computer and checks their kind.
          voice: { audio_url: 'https://cdn.example.com/voice.mp3', effects: [] },
        },
      }),
    );
    expect(job.status).toBe('QUEUED');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const latest = value(await call('jobs:list')).find((candidate) => candidate.id === job.id);
      if (latest?.status === 'SUCCESS') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const [done] = value(await call('jobs:list'));
    expect(done).toMatchObject({ id: job.id, status: 'SUCCESS', creditUsed: 2 });
    expect(done!.outputPath).toMatch(/^images\//);
    while (!events.some((e) => e.event === 'credits:changed')) await new Promise((r) => setTimeout(r, 50));
    const statuses = events
      .filter((e) => e.event === 'jobs:changed')
      .flatMap((e) => (e.payload as { jobs: { status: string | null }[] }).jobs.map((j) => j.status))
      .filter((status) => status !== null);
    expect(statuses[0]).toBe('QUEUED');
    expect(statuses).toContain('SUCCESS');
    expect(
      events.some((e) => e.event === 'credits:changed' && (e.payload as { credits: number }).credits === 98),
    ).toBe(true);
  });

  it('refuses files of the wrong type or size before uploading', async () => {
    const { call } = await newCore();
    value(await call('accounts:useSandbox'));
    const wrong = await call('assets:upload', {
      kind: 'image',
      name: 'notes.txt',
      mimeType: 'text/plain',
      bytes: new Uint8Array([1, 2, 3]),
    });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    const empty = await call('assets:upload', {
      kind: 'audio',
      name: 'a.mp3',
      mimeType: 'audio/mpeg',
      bytes: new Uint8Array(),
    });
    expect(empty).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('refuses a file whose content is not what its name says, before anything reaches the sandbox', async () => {
    const { call } = await newCore();
    value(await call('accounts:useSandbox'));
    const zeros = await call('assets:upload', {
      kind: 'image',
      name: 'fake.png',
      mimeType: 'image/png',
      bytes: new Uint8Array(2048),
    });
    expect(zeros).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: expect.stringMatching(/^fake\.png is not a readable image/) },
    });
    const renamed = await call('assets:upload', {
      kind: 'image',
      name: 'song.png',
      mimeType: 'image/png',
      bytes: new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]),
    });
    expect(renamed).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('an audio file (MP3)') },
    });
  });
});

describe('remote accounts without asset storage', () => {
  it('explains that uploads need storage and refuses them', async () => {
    const { call } = await newCore();
    value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
    const capability = value(await call('assets:capability'));
    expect(capability.available).toBe(false);
    expect(capability.reason).toMatch(/storage/);
    const upload = await call('assets:upload', {
      kind: 'image',
      name: 'a.png',
      mimeType: 'image/png',
      bytes: new Uint8Array([1]),
    });
    expect(upload).toMatchObject({ ok: false, error: { kind: 'storage' } });
  });
});

describe('the job form’s memory', () => {
  it('is kept per project for the active account, checked at the boundary, and goes with the account', async () => {
    const { call } = await newCore();
    const { accounts } = value(
      await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }),
    );
    expect(value(await call('forms:get', { projectId: 'p-1' }))).toEqual({
      draft: null,
      skipEmptyCheck: false,
    });
    value(await call('forms:setSkipEmptyCheck', { projectId: 'p-1', skip: true }));
    const draft = { values: { headline: 'Hi' }, savedAt: '2026-11-22T10:00:00.000Z' };
    value(await call('forms:saveDraft', { projectId: 'p-1', draft }));
    expect(value(await call('forms:get', { projectId: 'p-1' }))).toEqual({ draft, skipEmptyCheck: true });

    expect(await call('forms:saveDraft', { projectId: 'p-1', draft: { values: { a: 1 } } })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
    expect(await call('forms:get', { projectId: '' })).toMatchObject({ ok: false });

    value(await call('accounts:remove', { id: accounts[0]!.id }));
    expect(await call('forms:get', { projectId: 'p-1' })).toMatchObject({
      ok: false,
      error: { kind: 'no-account' },
    });
    value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
    expect(value(await call('forms:get', { projectId: 'p-1' }))).toEqual({
      draft: null,
      skipEmptyCheck: false,
    });
  });
});
