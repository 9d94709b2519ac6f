// The preview route for downloaded files serves a regular file only, and never falls over: core checked the
// job's file, and what is at its path may change before the host opens it (deleted, or a folder, a link or
// a pipe planted in a shared download folder). Each is refused in words, and the host keeps serving.
import { execFileSync } from 'node:child_process';
import { constants, mkdirSync, openSync, closeSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startBrowserHostServer, type BrowserHost } from '../../electron/browser-host/host-server';
import { PreviewLinks } from '../../electron/browser-host/preview-links';
import type { RunningBrowserHost } from '../../electron/browser-host/start-browser-host';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { send, startTestHost } from './host-client';

let dir: string;
let running: RunningBrowserHost;
let host: BrowserHost;
let downloads: string;
const previews = new PreviewLinks();
/** What is at the job's path once core has checked it (the test plants something else there). */
let fileOfJob = '';

beforeAll(async () => {
  ({ dir, running } = await startTestHost());
  downloads = join(dir, 'Downloads');
  mkdirSync(downloads, { recursive: true });
  // The real core, its check of the job's file answered with the path the test planted things at.
  const core = new Proxy(running.core, {
    get: (target, key, receiver) =>
      key === 'downloadedFile' ? async () => fileOfJob : Reflect.get(target, key, receiver),
  }) as AppCore;
  host = await startBrowserHostServer({ core, rendererDir: join(dir, 'renderer'), previews });
});

afterAll(async () => {
  await host?.close();
  await running?.close();
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  // A reader stuck opening a pipe (the route before it refused pipes) is let go, so the test run can end.
  try {
    closeSync(openSync(fileOfJob, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // No reader waiting, or no pipe.
  }
});

/** The preview's status and type as soon as the host answers (a pipe's body might never end). */
function preview(): Promise<{ status: number; type: string | undefined; body: Promise<string> }> {
  const path = previews.path('job-1');
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        headers: { Host: `127.0.0.1:${host.port}` },
        setHost: false,
      },
      (res) => {
        const body = new Promise<string>((done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => done(text));
          res.on('error', () => done(text));
        });
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function stillServing(): Promise<void> {
  expect((await send(host.port, '/', { Host: `127.0.0.1:${host.port}` })).status).toBe(200);
  fileOfJob = join(downloads, 'ok.png');
  writeFileSync(fileOfJob, 'picture');
  const ok = await preview();
  expect(ok.status).toBe(200);
  expect(ok.type).toBe('image/png');
  expect(await ok.body).toBe('picture');
}

it('serves the job’s regular file', async () => {
  await stillServing();
});

const refusals: Array<[string, () => string]> = [
  [
    'a pipe',
    () => {
      const path = join(downloads, 'pipe.mp4');
      execFileSync('mkfifo', [path]);
      return path;
    },
  ],
  [
    'a folder',
    () => {
      const path = join(downloads, 'folder.mp4');
      mkdirSync(path);
      return path;
    },
  ],
  [
    'a link to a file outside the folder',
    () => {
      writeFileSync(join(dir, 'secret.txt'), 'outside the download folder');
      const path = join(downloads, 'link.png');
      symlinkSync(join(dir, 'secret.txt'), path);
      return path;
    },
  ],
  ['nothing (the file deleted since core looked)', () => join(downloads, 'gone.mp4')],
];

it.each(refusals)('refuses %s at the job’s path, in words, and keeps serving', async (_what, plant) => {
  fileOfJob = plant();
  const answer = await preview();
  expect(answer.status).toBe(404);
  expect(answer.type).toContain('text/plain');
  expect(await answer.body).toMatch(/^That file is (not on this computer|no longer an ordinary file)/);
  expect(await answer.body).not.toContain('outside the download folder');
  await stillServing();
});
