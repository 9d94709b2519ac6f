// Uploads of an import, against the real sandbox: files dropped without a sheet become one job each; the
// content-hash cache in the history database means a photo stored once is never sent again, across imports
// and across a restart of the app (a submission cut off halfway sends only what is left); a link nearing
// its expiry is signed anew on S3 (no bytes sent) and sent again to the sandbox; uploads that fail for a
// while are tried again after growing pauses (fake time), and ones that cannot pass stop at once.
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import { createApiClient } from '../../../electron/core/api';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { AppError } from '../../../electron/core/kernel/app-error';
import { SandboxUploader, type AssetUploader } from '../../../electron/core/assets/asset-uploader';
import { uploadFiles, type UploadProgress } from '../../../electron/core/batches/upload-files';
import { migrate } from '../../../electron/core/db/open-database';
import { SqliteAssetCache } from '../../../electron/core/db/sqlite/sqlite-asset-cache';
import { CachingUploader } from '../../../electron/core/storage/caching-uploader';
import { S3Storage } from '../../../electron/core/storage/s3-storage';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { JobView } from '../../../electron/shared/domain/job';
import type { Channel } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { startS3Server } from '../../fixtures/s3-server';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The n-th distinct picture: the same PNG with n more (ignored) bytes at its end. */
const picture = (n: number) => Buffer.concat([PNG, Buffer.alloc(n)]);
const DAY = 24 * 60 * 60 * 1000;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jrs-upload-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function photos(names: string[]): Promise<{ kind: 'path'; path: string; relativePath: string }[]> {
  const folder = join(dir, 'photos');
  await mkdir(folder, { recursive: true });
  return Promise.all(
    names.map(async (name, i) => {
      await writeFile(join(folder, name), picture(i));
      return { kind: 'path' as const, path: join(folder, name), relativePath: `photos/${name}` };
    }),
  );
}

describe('through the app core and its built-in sandbox', () => {
  const launcher = testSandboxLauncher(makeTestSeed({ durationMs: 20 }));
  let core: AppCore;
  let secrets: MemorySecretStore;
  const open = () =>
    createAppCore({
      dataDir: join(dir, 'data'),
      downloadsDir: join(dir, 'Downloads'),
      secrets,
      sandbox: launcher,
      flushMs: 10,
    });
  const call = async <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);
  const stored = () =>
    launcher.running
      .at(-1)!
      .inspect.fileKeys()
      .filter((key) => key.startsWith('uploads/'));

  beforeEach(async () => {
    launcher.running.splice(0);
    secrets = new MemorySecretStore();
    core = await open();
    value(await call('accounts:useSandbox'));
  });
  afterEach(async () => {
    await core.dispose();
  });

  it('makes one job per dropped file, the other fields from constants, and more files more rows', async () => {
    const files = await photos(['b.png', 'a.png', 'c.png']);
    const opened = value(await call('imports:open', { projectId: IDS.image, files: files.slice(0, 2) }));
    expect(opened).toMatchObject({ filesOnly: true, fileName: '2 dropped files', ready: 2 });
    expect(opened.sheet.columns).toEqual(['File', 'Name']);
    expect(opened.sheet.rows).toEqual([
      ['photos/a.png', 'a'],
      ['photos/b.png', 'b'],
    ]);
    expect(opened.mapping['photo']).toEqual({ from: 'column', column: 'File' });

    const more = value(await call('imports:addFiles', { importId: opened.importId, files: files.slice(2) }));
    expect(more).toMatchObject({ fileName: '3 dropped files', ready: 3 });
    const updated = value(
      await call('imports:update', {
        importId: opened.importId,
        mapping: { headline: { from: 'constant', value: 'Spring sale' } },
      }),
    );
    const batch = value(
      await call('imports:submit', { importId: updated.importId, name: 'Photos', nameTemplate: null }),
    );
    expect(batch.rows).toBe(3);
    await vi.waitFor(
      async () => {
        const jobs = (value(await call('jobs:list')) as JobView[]).filter((job) => job.batchId === batch.id);
        expect(jobs.filter((job) => job.status === 'SUCCESS')).toHaveLength(3);
        expect(new Set(jobs.map((job) => job.values['headline']))).toEqual(new Set(['Spring sale']));
      },
      { timeout: 20_000, interval: 20 },
    );
    expect(stored()).toHaveLength(3);
  });

  it('puts audio files in the audio field, and says so when nothing is dropped', async () => {
    const voice = {
      kind: 'bytes' as const,
      name: 'hello.wav',
      relativePath: 'voices/hello.wav',
      bytes: new Uint8Array(Buffer.from('RIFF....WAVEfmt ')),
    };
    const opened = value(await call('imports:open', { projectId: IDS.image, files: [voice] }));
    expect(opened.mapping['voice']).toEqual({ from: 'column', column: 'File' });
    expect(opened.mapping['photo']).toEqual({ from: 'none' });
    const none = await call('imports:open', { projectId: IDS.image, files: [] });
    expect(none.ok ? '' : none.error.message).toBe(
      'Drop a spreadsheet, or the photos or audio files to make jobs of.',
    );
  });

  it('never sends a photo twice: not in a second import, nor after a submission cut off and a restart', async () => {
    const files = await photos(['p0.png', 'p1.png', 'p2.png', 'p3.png']);
    const opened = value(await call('imports:open', { projectId: IDS.image, files }));
    // The last photo disappears before the submission: it fails on it, the others being sent meanwhile.
    await unlink(files[3]!.path);
    const cut = await call('imports:submit', { importId: opened.importId, name: 'Cut', nameTemplate: null });
    expect(cut.ok ? '' : cut.error.message).toMatch(/^p3\.png could not be read: .*Drop it again\.$/);
    await vi.waitFor(() => expect(stored()).toHaveLength(3), { timeout: 10_000, interval: 20 });
    const firstUrl = launcher.running.at(-1)!.url;

    // Quit and reopen: the sandbox comes back on its port, so the links it signed still work.
    await core.dispose();
    core = await open();
    value(await call('accounts:useSandbox'));
    await writeFile(files[3]!.path, picture(3));
    const again = value(await call('imports:open', { projectId: IDS.image, files }));
    const batch = value(
      await call('imports:submit', { importId: again.importId, name: 'Again', nameTemplate: null }),
    );
    expect(launcher.running.at(-1)!.url).toBe(firstUrl);
    expect(stored()).toHaveLength(4);

    // The same photos under other names, in a third import: nothing is sent.
    await mkdir(join(dir, 'copies'));
    const copies = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const path = join(dir, 'copies', `copy-${i}.png`);
        await writeFile(path, picture(i));
        return { kind: 'path' as const, path, relativePath: `copy-${i}.png` };
      }),
    );
    const third = value(await call('imports:open', { projectId: IDS.image, files: copies }));
    value(await call('imports:submit', { importId: third.importId, name: 'Copies', nameTemplate: null }));
    expect(stored()).toHaveLength(4);
    await vi.waitFor(
      async () => {
        const jobs = (value(await call('jobs:list')) as JobView[]).filter((job) => job.batchId === batch.id);
        expect(jobs.map((job) => job.status).sort()).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
      },
      { timeout: 20_000, interval: 20 },
    );
  });
});

describe('the cache in front of one storage', () => {
  const memoryCache = () => {
    const db = new Database(':memory:');
    migrate(db);
    return new SqliteAssetCache(db);
  };
  const asset = (n: number) => ({
    kind: 'image' as const,
    name: `p${n}.png`,
    mimeType: 'image/png',
    bytes: picture(n),
  });

  it('signs an S3 link anew near its expiry without sending the file again, and the new link works', async () => {
    const s3 = await startS3Server();
    // The first link is signed six and a half days ago (7-day links): it lapses in half a day.
    const now = { ms: Date.now() - 6.5 * DAY };
    const storage = new S3Storage(s3.settings(), s3.secret, { now: () => new Date(now.ms) });
    const uploader = new CachingUploader(
      storage,
      memoryCache(),
      { accountId: 'a', storage: 's3' },
      {
        now: () => now.ms,
      },
    );
    try {
      const first = await uploader.upload(asset(1));
      now.ms += 2 * DAY; // 4.5 days left: more than a day, used as it is
      expect((await uploader.upload(asset(1))).url).toBe(first.url);
      now.ms = Date.now(); // half a day left: signed anew
      const renewed = await uploader.upload(asset(1));
      expect(renewed.url).not.toBe(first.url);
      expect(renewed.expiresAt).toBeGreaterThan(first.expiresAt! + 6 * DAY);
      expect(uploader.counts).toEqual({ sent: 1, relinked: 1, reused: 1 });
      expect(storage.sent).toBe(1);
      const fetched = await fetch(renewed.url);
      expect(Buffer.from(await fetched.arrayBuffer())).toEqual(picture(1));
    } finally {
      storage.dispose();
      await s3.close();
    }
  });

  it('sends a file again to the sandbox once its link nears expiry (the sandbox cannot sign anew)', async () => {
    const sandbox = await startSandbox({ seed: makeTestSeed() });
    const now = { ms: Date.now() };
    try {
      const inner = new SandboxUploader(createApiClient({ baseUrl: sandbox.url, apiKey: KEY_A }));
      const uploader = new CachingUploader(
        inner,
        memoryCache(),
        { accountId: 'a', storage: 'default' },
        {
          now: () => now.ms,
        },
      );
      const first = await uploader.upload(asset(2));
      expect(first.expiresAt).toBeGreaterThan(now.ms + 6 * DAY);
      now.ms += 6.5 * DAY;
      expect((await uploader.upload(asset(2))).url).not.toBe(first.url);
      expect(uploader.counts).toEqual({ sent: 2, relinked: 0, reused: 0 });
    } finally {
      await sandbox.close();
    }
  });
});

describe('uploads that fail', () => {
  let sandbox: RunningSandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ seed: makeTestSeed() });
  });
  afterEach(async () => {
    await sandbox.close();
  });

  const work = async (count: number) =>
    (await photos(Array.from({ length: count }, (_, i) => `w${i}.png`))).map((source) => ({
      relativePath: source.relativePath,
      kind: 'image' as const,
      source,
    }));
  const sandboxUploader = (): AssetUploader =>
    // No retries of the client's own: the upload queue's are the ones under test.
    new SandboxUploader(createApiClient({ baseUrl: sandbox.url, apiKey: KEY_A, retry: { retries: 0 } }));

  it('are tried again after growing pauses while the server is busy, and all arrive once', async () => {
    sandbox.faults.script({ kind: 'status', status: 503 }, { path: '/sandbox/uploads', times: 2 });
    const pauses: number[] = [];
    const progress: UploadProgress[] = [];
    const { urls } = await uploadFiles(await work(3), sandboxUploader(), (event) => progress.push(event), {
      concurrency: 1,
      sleep: async (ms) => void pauses.push(ms),
      random: () => 0.5,
    });
    expect(pauses).toEqual([1000, 2000]);
    expect(urls.size).toBe(3);
    expect(sandbox.inspect.fileKeys().filter((key) => key.startsWith('uploads/'))).toHaveLength(3);
    expect(progress.find((event) => event.note)?.note).toMatch(
      /Trying photos\/w0\.png again in 1 s \(try 2 of 4\)\.$/,
    );
    expect(progress.at(-1)).toEqual({ done: 3, total: 3 });
  });

  it('give up after the last try, and at once on a refusal that will not pass', async () => {
    sandbox.faults.script({ kind: 'status', status: 503 }, { path: '/sandbox/uploads', times: 10 });
    const pauses: number[] = [];
    const sleep = async (ms: number) => void pauses.push(ms);
    await expect(
      uploadFiles(await work(1), sandboxUploader(), () => {}, { sleep, random: () => 0.5 }),
    ).rejects.toThrow(/The sandbox did not store w0\.png/);
    expect(pauses).toEqual([1000, 2000, 4000]);

    sandbox.faults.reset();
    pauses.splice(0);
    const refusing: AssetUploader = {
      capability: () => ({ available: true }),
      upload: async () => {
        throw new AppError('invalid-input', 'w0.png is not an image.');
      },
    };
    await expect(uploadFiles(await work(1), refusing, () => {}, { sleep })).rejects.toThrow('not an image');
    expect(pauses).toEqual([]);
  });

  it('say a refusal only once the uploads on their way have arrived, and start no new one', async () => {
    // w0 is refused while w1 is still on its way: the error waits for w1, so its link is known (and
    // cached) before anyone can quit on the error; w2 is never started.
    let finishW1: () => void = () => undefined;
    const w1Arrives = new Promise<void>((resolve) => (finishW1 = resolve));
    const started: string[] = [];
    const arrived: string[] = [];
    const uploader: AssetUploader = {
      capability: () => ({ available: true }),
      upload: async ({ name }) => {
        started.push(name);
        if (name === 'w0.png') throw new AppError('invalid-input', 'w0.png is not an image.');
        await w1Arrives;
        arrived.push(name);
        return { url: `https://storage.example/${name}` };
      },
    };
    let settled = false;
    const result = uploadFiles(await work(3), uploader, () => {}, { concurrency: 2 }).finally(
      () => (settled = true),
    );
    // The two start together; which reaches the uploader first depends on reading the files, so either order.
    await vi.waitFor(() => expect([...started].sort()).toEqual(['w0.png', 'w1.png']));
    await Promise.resolve();
    expect(settled).toBe(false);
    finishW1();
    await expect(result).rejects.toThrow('not an image');
    expect(arrived).toEqual(['w1.png']);
    expect([...started].sort()).toEqual(['w0.png', 'w1.png']);
  });
});
