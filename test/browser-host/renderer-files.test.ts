// The browser host's static route serves only regular files inside the renderer folder: a link in it to a
// file or a folder outside is not followed, and a dangling link does not stop the host from starting.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningBrowserHost } from '../../electron/browser-host/start-browser-host';
import { send, startTestHost } from './host-client';

let outside: string;
let rendererDir: string;
let dir: string;
let running: RunningBrowserHost;
let port: number;

beforeAll(async () => {
  outside = mkdtempSync(join(tmpdir(), 'jrs-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'outside the renderer');
  mkdirSync(join(outside, 'folder'));
  writeFileSync(join(outside, 'folder', 'inner.txt'), 'inside a linked folder');
  rendererDir = join(outside, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
  symlinkSync(join(outside, 'secret.txt'), join(rendererDir, 'assets', 'secret.txt'));
  symlinkSync(join(outside, 'folder'), join(rendererDir, 'linked'));
  symlinkSync(join(outside, 'gone.js'), join(rendererDir, 'assets', 'gone.js'));
  // A dangling link in the folder used to crash the host here.
  ({ dir, running, port } = await startTestHost({ rendererDir }));
});

afterAll(async () => {
  await running?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const get = (path: string) => send(port, path, { Host: `127.0.0.1:${port}` });

it('serves the regular files of the renderer folder', async () => {
  const page = await get('/');
  expect(page.status).toBe(200);
  expect(page.body).toContain('<title>app</title>');
  const script = await get('/assets/app.js');
  expect(script.status).toBe(200);
  expect(script.headers['content-type']).toContain('javascript');
  expect(script.body).toContain('console.log');
});

it('follows no link, to a file, a folder or nothing', async () => {
  for (const path of ['/assets/secret.txt', '/linked/inner.txt', '/assets/gone.js']) {
    const answer = await get(path);
    expect(answer.status, path).toBe(404);
    expect(answer.body, path).not.toContain('outside');
    expect(answer.body, path).not.toContain('inside a linked folder');
  }
});

it('refuses a path that climbs out of the folder', async () => {
  for (const path of ['/../secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/%2e%2e%2fsecret.txt']) {
    expect((await get(path)).body, path).not.toContain('outside the renderer');
  }
});

it('refuses a pipe put in place of a page since the start, and keeps serving', async () => {
  const path = join(rendererDir, 'assets', 'app.js');
  rmSync(path);
  execFileSync('mkfifo', [path]);
  const answer = await get('/assets/app.js');
  expect(answer.status).toBe(404);
  expect((await get('/')).status).toBe(200);
});
