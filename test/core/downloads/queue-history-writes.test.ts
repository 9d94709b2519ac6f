// Issue 20: the queue's history writes. Each is a synced SQLite commit on the main thread, and a batch of
// 500 small outputs paid four per file (active, its link, its ETag, done). A download done within a quarter
// second is now written once, done; one that runs longer is recorded active with its link and ETag, so that a
// crash resumes it from its `.part`; and it shows active at once all the same. Real SQLite, real server on
// loopback, fake time for the queue's timers.
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../electron/core/db/open-database';
import { SqliteDownloads } from '../../../electron/core/db/sqlite/sqlite-downloads';
import { SqliteSettings } from '../../../electron/core/db/sqlite/sqlite-settings';
import type { Download } from '../../../electron/core/downloads/download';
import { nodeDownloadFs } from '../../../electron/core/downloads/download-fs';
import { DownloadQueue } from '../../../electron/core/downloads/download-queue';
import { DownloadSettingsStore } from '../../../electron/core/downloads/download-settings';
import { FakeTime } from '../../fixtures/fake-time';
import { finishedJob } from '../../fixtures/finished-job';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SIZE = 300_000;
const BODY = randomBytes(SIZE);

async function temp(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A CDN on loopback whose bodies go out as `send` says (all at once by default). */
async function cdn(send: (res: ServerResponse) => void = (res) => res.end(BODY)): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { etag: '"v1"', 'content-length': String(SIZE) });
    send(res);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((done) => server.close(() => done()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const job = (id: string) => finishedJob(id);

/** A queue over a real history whose every download write is noted. */
async function queueWith(url: string) {
  const time = new FakeTime();
  const data = await temp('jrs-writes-data-');
  const root = await temp('jrs-writes-dl-');
  const { db } = openDatabase(join(data, 'history.sqlite'));
  cleanups.push(() => {
    db.close();
  });
  const repo = new SqliteDownloads(db);
  const writes: Download[] = [];
  const queue = new DownloadQueue({
    repo: {
      enqueue: (row) => repo.enqueue(row),
      get: (jobId) => repo.get(jobId),
      list: (accountId) => repo.list(accountId),
      inState: (state) => repo.inState(state),
      remove: (jobId) => repo.remove(jobId),
      removeAccount: (accountId) => repo.removeAccount(accountId),
      save: async (row) => {
        writes.push(row);
        await repo.save(row);
      },
    },
    job: async (id) => job(id),
    settings: new DownloadSettingsStore(new SqliteSettings(db), root),
    sign: async () => `${url}/outputs/render.mp4?sig=1`,
    accountUrl: () => url,
    fs: nodeDownloadFs,
    clock: time,
    timers: time,
    emit: () => undefined,
  });
  cleanups.push(() => queue.dispose());
  return { queue, repo, writes, time };
}

describe('the history written by a download', () => {
  it('is written once, done, for a download done within a quarter second', async () => {
    const { queue, repo, writes } = await queueWith(await cdn());
    await queue.start(['job-1']);
    await vi.waitFor(async () => expect((await repo.get('job-1'))?.state).toBe('done'));

    // Before: active, active with its link, active with its ETag, done.
    expect(writes.map((row) => row.state)).toEqual(['done']);
    const row = await repo.get('job-1');
    expect(await readFile(row?.path ?? '')).toEqual(BODY);
  });

  it('records a longer one active, with its link and ETag, so that a crash resumes it; it shows active at once', async () => {
    let release: () => void = () => undefined;
    const url = await cdn((res) => {
      res.write(BODY.subarray(0, SIZE / 2));
      release = () => res.end(BODY.subarray(SIZE / 2));
    });
    const { queue, repo, writes, time } = await queueWith(url);
    await queue.start(['job-1']);
    // Progress is shown before anything but the queued row is written.
    await vi.waitFor(async () => {
      const [view] = await queue.list('acc-1');
      expect(view?.state).toBe('active');
      expect(view?.bytes).toBeGreaterThan(0);
    });
    expect(await repo.get('job-1')).toMatchObject({ state: 'queued', etag: null, url: null });

    await time.advance(250);
    await vi.waitFor(async () =>
      expect(await repo.get('job-1')).toMatchObject({
        state: 'active',
        etag: '"v1"',
        url: `${url}/outputs/render.mp4?sig=1`,
        total: SIZE,
      }),
    );
    release();
    await vi.waitFor(async () => expect((await repo.get('job-1'))?.state).toBe('done'));
    expect(writes.at(-1)?.state).toBe('done');
  });
});
