// Downloads through the app's core against the real sandbox (remote account over loopback): a job that
// succeeds is downloaded at once (the default for new accounts) where the naming template says, byte-
// identical to the sandbox's file; settings are checked; the preview names a real path; a download paused
// and resumed completes; a core restart resumes a queued download.
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import type { AppCore, AppCoreDeps } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { DownloadView } from '../../../electron/shared/domain/download';
import type { Channel } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { storedBytes } from '../../fixtures/sandbox-outputs';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';

let remote: RunningSandbox;
const dirs: string[] = [];
const cores: AppCore[] = [];

beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 200 }) });
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

async function newCore(
  dataDir: string,
  downloadsDir: string,
  secrets = new MemorySecretStore(),
  host: Pick<AppCoreDeps, 'fileShell' | 'dialogs'> = {},
) {
  const core = await createAppCore({
    ...host,
    dataDir,
    downloadsDir,
    secrets,
    sandbox: testSandboxLauncher(makeTestSeed()),
    flushMs: 20,
  });
  cores.push(core);
  const call = async <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);
  return { core, call, secrets };
}

/** A core with an account whose downloads start only when asked. */
async function manualCore(dataDir: string, downloadsDir: string) {
  const core = await newCore(dataDir, downloadsDir);
  value(await core.call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
  const settings = value(await core.call('downloads:settings'));
  value(await core.call('downloads:saveSettings', { ...settings, auto: false }));
  return core;
}

async function submitAndFinish(call: Awaited<ReturnType<typeof newCore>>['call'], headline: string) {
  const job = value(
    await call('jobs:submit', {
      projectId: IDS.video,
      projectName: 'Spring Launch',
      jobType: 'ai_talking_video',
      values: { headline, photo: { image_url: 'https://cdn.example.com/a.png' } },
    }),
  );
  await vi.waitFor(
    async () => {
      const found = value(await call('jobs:list')).find((candidate) => candidate.id === job.id);
      expect(found?.status).toBe('SUCCESS');
    },
    { timeout: 15_000, interval: 50 },
  );
  return value(await call('jobs:get', { id: job.id }));
}

async function doneDownload(call: Awaited<ReturnType<typeof newCore>>['call'], jobId: string) {
  let done: DownloadView | undefined;
  await vi.waitFor(
    async () => {
      done = value(await call('downloads:list')).find((entry) => entry.jobId === jobId);
      expect(done?.state).toBe('done');
    },
    { timeout: 15_000, interval: 50 },
  );
  return done!;
}

describe('downloads', () => {
  it('downloads a job’s file as soon as it succeeds, where the template says, byte-identical', async () => {
    const downloadsDir = await temp('jrs-downloads-');
    const { call } = await newCore(await temp('jrs-core-'), downloadsDir);
    value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
    expect(value(await call('downloads:settings'))).toMatchObject({
      folder: downloadsDir,
      template: '{project}/{date}/{project} - {name} - {shortId}.{ext}',
      auto: true,
    });

    const job = await submitAndFinish(call, 'Hello Lisbon');
    const done = await doneDownload(call, job.id);
    expect(done.path.startsWith(join(downloadsDir, 'Spring Launch'))).toBe(true);
    expect(done.path.endsWith(`Spring Launch - Hello Lisbon - ${job.uuid!.slice(0, 8)}.mp4`)).toBe(true);
    const bytes = await readFile(done.path);
    expect(bytes.equals(await storedBytes(remote, job.outputPath!))).toBe(true);
    expect(done).toMatchObject({ bytes: bytes.byteLength, total: bytes.byteLength, error: null });

    // The key never reached the CDN: every request there carried no key, no authorization, no cookie.
    const cdn = remote.inspect.cdnRequests();
    expect(cdn.length).toBeGreaterThan(0);
    const secrets = cdn.filter((request) =>
      Object.entries(request.headers).some(
        ([name, text]) =>
          ['x-api-key', 'authorization', 'cookie'].includes(name) || String(text).includes(KEY_A),
      ),
    );
    expect(secrets).toEqual([]);
  });

  it('checks the settings, and previews the template on the latest finished job', async () => {
    const downloadsDir = await temp('jrs-downloads-');
    const { call } = await newCore(await temp('jrs-core-'), downloadsDir);
    value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
    const settings = value(await call('downloads:settings'));
    expect(
      await call('downloads:saveSettings', { ...settings, template: '{projet}/{jobId}.{ext}' }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: /\{projet\} is not a part of a name/ },
    });
    expect(await call('downloads:saveSettings', { ...settings, folder: 'relative/folder' })).toMatchObject({
      ok: false,
    });
    value(
      await call('downloads:saveSettings', { ...settings, auto: false, template: '{values.headline}.{ext}' }),
    );

    const job = await submitAndFinish(call, 'Spring / Summer');
    expect(value(await call('downloads:preview', { template: '{project}/{values.headline}.{ext}' }))).toEqual(
      {
        path: join(downloadsDir, 'Spring Launch', 'Spring _ Summer.mp4'),
        problem: null,
      },
    );
    // Not automatic now: nothing was queued until asked.
    expect(value(await call('downloads:list'))).toEqual([]);
    expect(value(await call('downloads:start', { ids: [job.id] }))).toEqual({
      queued: [job.id],
      skipped: [],
      saved: [],
    });
    const done = await doneDownload(call, job.id);
    expect(done.path).toBe(join(downloadsDir, 'Spring _ Summer.mp4'));
    // Asked again: already saved, nothing fetched twice.
    expect(value(await call('downloads:start', { ids: [job.id] }))).toEqual({
      queued: [],
      skipped: [],
      saved: [job.id],
    });
  });

  it('a queued download goes on after the core restarts', async () => {
    const downloadsDir = await temp('jrs-downloads-');
    const dataDir = await temp('jrs-core-');
    const first = await manualCore(dataDir, downloadsDir);
    const job = await submitAndFinish(first.call, 'Restart me');
    value(await first.call('downloads:start', { ids: [job.id] }));
    value(await first.call('downloads:pause', { ids: [job.id] }));
    expect(value(await first.call('downloads:list'))[0]?.state).toBe('paused');
    await first.core.dispose();
    cores.splice(cores.indexOf(first.core), 1);

    const second = await newCore(dataDir, downloadsDir, first.secrets);
    expect(value(await second.call('downloads:list'))[0]?.state).toBe('paused');
    value(await second.call('downloads:resume', { ids: [job.id] }));
    const done = await doneDownload(second.call, job.id);
    expect((await readFile(done.path)).equals(await storedBytes(remote, job.outputPath!))).toBe(true);
  });

  it('closing the app mid-download writes nothing after, and the next start finishes it', async () => {
    const downloadsDir = await temp('jrs-downloads-');
    const dataDir = await temp('jrs-core-');
    const first = await manualCore(dataDir, downloadsDir);
    const job = await submitAndFinish(first.call, 'Slow one');
    // A slow CDN: the download is still running when the app closes.
    remote.faults.set({ cdnBytesPerSecond: 20_000 });
    try {
      value(await first.call('downloads:start', { ids: [job.id] }));
      await vi.waitFor(async () => {
        expect(value(await first.call('downloads:list'))[0]?.bytes).toBeGreaterThan(0);
      });
      await first.core.dispose();
      cores.splice(cores.indexOf(first.core), 1);
    } finally {
      remote.faults.set({ cdnBytesPerSecond: null });
    }
    const second = await newCore(dataDir, downloadsDir, first.secrets);
    const done = await doneDownload(second.call, job.id);
    expect((await readFile(done.path)).equals(await storedBytes(remote, job.outputPath!))).toBe(true);
  });

  it('opens, shows, drags and previews only a finished file that is still there, by its job', async () => {
    const downloadsDir = await temp('jrs-downloads-');
    const asked: string[] = [];
    const fileShell = {
      open: async (path: string) => void asked.push(`open ${path}`),
      showInFolder: (path: string) => void asked.push(`show ${path}`),
      startDrag: (path: string) => void asked.push(`drag ${path}`),
      canDragOut: true,
      previewUrl: (jobId: string) => `preview://${jobId}`,
    };
    const { call, core } = await newCore(await temp('jrs-core-'), downloadsDir, undefined, { fileShell });
    value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
    const settings = value(await call('downloads:settings'));
    value(await call('downloads:saveSettings', { ...settings, auto: false }));
    const job = await submitAndFinish(call, 'Open me');

    // Not downloaded yet: said in words, and the host is never asked.
    expect(await call('downloads:open', { id: job.id })).toMatchObject({
      ok: false,
      error: { kind: 'not-found', message: /not been downloaded yet/ },
    });
    value(await call('downloads:start', { ids: [job.id] }));
    const done = await doneDownload(call, job.id);
    value(await call('downloads:open', { id: job.id }));
    value(await call('downloads:showInFolder', { id: job.id }));
    value(await call('downloads:startDrag', { id: job.id }));
    expect(value(await call('downloads:previewUrl', { id: job.id }))).toEqual({ url: `preview://${job.id}` });
    expect(asked).toEqual([`open ${done.path}`, `show ${done.path}`, `drag ${done.path}`]);
    expect(await core.downloadedFile(job.id)).toBe(done.path);

    // Moved away by the person: each says so, and Download fetches it again to the same place.
    await rename(done.path, `${done.path}.moved`);
    expect(await call('downloads:showInFolder', { id: job.id })).toMatchObject({
      ok: false,
      error: { kind: 'not-found', message: /no longer at .*choose Download to fetch it again/ },
    });
    expect(await core.downloadedFile(job.id)).toBeNull();
    expect(asked).toHaveLength(3);
    expect(value(await call('downloads:start', { ids: [job.id] })).queued).toEqual([job.id]);
    const again = await doneDownload(call, job.id);
    expect(again.path).toBe(done.path);
    expect((await readFile(again.path)).equals(await readFile(`${done.path}.moved`))).toBe(true);
  });

  it('a cancelled download is reported as removed, and its partial file deleted', async () => {
    const downloadsDir = await temp('jrs-downloads-');
    const { call, core } = await manualCore(await temp('jrs-core-'), downloadsDir);
    const events: Array<{ downloads: DownloadView[]; removed: string[] }> = [];
    core.onEvent((event, payload) => {
      if (event === 'downloads:changed') events.push(payload as (typeof events)[number]);
    });
    const job = await submitAndFinish(call, 'Cancel me');
    remote.faults.set({ cdnBytesPerSecond: 20_000 });
    try {
      value(await call('downloads:start', { ids: [job.id] }));
      await vi.waitFor(async () => {
        expect(value(await call('downloads:list'))[0]?.bytes).toBeGreaterThan(0);
      });
      const partial = `${value(await call('downloads:list'))[0]!.path}.part`;
      value(await call('downloads:cancel', { ids: [job.id] }));
      expect(events.at(-1)).toEqual({ accountId: expect.any(String), downloads: [], removed: [job.id] });
      expect(value(await call('downloads:list'))).toEqual([]);
      await expect(readFile(partial)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      remote.faults.set({ cdnBytesPerSecond: null });
    }
  });

  it('the folder picker fills the folder; a folder that is a file or cannot be written is refused in words', async () => {
    const downloadsDir = await temp('jrs-downloads-');
    const chosen = join(await temp('jrs-chosen-'), 'Renders');
    const dialogs = {
      chooseSaveFile: async () => null,
      chooseFolder: async ({ defaultPath }: { defaultPath: string }) => {
        expect(defaultPath).toBe(downloadsDir);
        return chosen;
      },
    };
    const { call } = await newCore(await temp('jrs-core-'), downloadsDir, undefined, { dialogs });
    value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
    expect(value(await call('downloads:chooseFolder'))).toEqual({ folder: chosen });
    const settings = value(
      await call('downloads:saveSettings', { ...value(await call('downloads:settings')), folder: chosen }),
    );
    expect(settings.folder).toBe(chosen);
    const aFile = join(downloadsDir, 'notes.txt');
    await writeFile(aFile, 'not a folder');
    expect(await call('downloads:saveSettings', { ...settings, folder: aFile })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: `${aFile} is a file, not a folder. Choose a folder.` },
    });
    expect(value(await call('downloads:settings')).folder).toBe(chosen);
  });

  it('a CDN that cuts every connection short still delivers a large file: only attempts without progress count', async () => {
    const downloadsDir = await temp('jrs-downloads-');
    const { call } = await manualCore(await temp('jrs-core-'), downloadsDir);
    const job = await submitAndFinish(call, 'Cut, cut, cut');
    const original = await storedBytes(remote, job.outputPath!);
    // At least ten cuts: more than the five attempts a download gets when nothing comes through.
    remote.faults.set({ cdnCutAfterBytes: Math.ceil(original.byteLength / 10) });
    try {
      value(await call('downloads:start', { ids: [job.id] }));
      let download: DownloadView | undefined;
      await vi.waitFor(
        async () => {
          download = value(await call('downloads:list'))[0];
          expect(['done', 'failed']).toContain(download?.state);
        },
        { timeout: 15_000, interval: 20 },
      );
      expect(download).toMatchObject({ state: 'done', error: null });
      expect((await readFile(download!.path)).equals(original)).toBe(true);
    } finally {
      remote.faults.set({ cdnCutAfterBytes: null });
    }
  });
});
