// The owner-only sign-in files a killed host left in the data folder are deleted at the next start: only
// regular files by that name and older than a link lives (a file a host running now just wrote stays), never
// what a link at such a name points to, never a folder or any other file.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { lutimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import { startBrowserHost, type RunningBrowserHost } from '../../electron/browser-host/start-browser-host';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';

let dir: string;
let dataDir: string;
let running: RunningBrowserHost | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jrs-sign-in-files-'));
  dataDir = join(dir, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>app</title>');
});

afterEach(async () => {
  await running?.close();
  running = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const start = async () =>
  (running = await startBrowserHost({
    rendererDir: join(dir, 'renderer'),
    core: {
      dataDir,
      downloadsDir: join(dir, 'Downloads'),
      secrets: new MemorySecretStore(),
      sandbox: testSandboxLauncher(),
    },
  }));

/** Ten minutes ago, as the file system tells time. */
const longAgo = () => new Date(Date.now() - 10 * 60_000);

it('deletes the sign-in files an earlier run left, and nothing else', async () => {
  const left = ['sign-in-0123456789abcdef.html', 'sign-in-fedcba9876543210.html'].map((name) => {
    const path = join(dataDir, name);
    writeFileSync(path, '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:1/?token=old">', {
      mode: 0o600,
    });
    utimesSync(path, longAgo(), longAgo());
    return path;
  });
  // Another host on this folder wrote this one a moment ago: its link may still be good.
  const fresh = join(dataDir, 'sign-in-00000000000000aa.html');
  writeFileSync(fresh, 'a live link', { mode: 0o600 });
  // Not a sign-in file by its name, though close.
  const others = ['sign-in-notes.html', 'sign-in-0123456789ABCDEF.html', 'sign-in-0123456789abcdef.html.bak'];
  for (const name of others) {
    writeFileSync(join(dataDir, name), name);
    utimesSync(join(dataDir, name), longAgo(), longAgo());
  }
  // A link by a sign-in file's name, to a file of the person's: neither is touched.
  const precious = join(dir, 'precious.html');
  writeFileSync(precious, 'the person’s own');
  const link = join(dataDir, 'sign-in-1111111111111111.html');
  symlinkSync(precious, link);
  await lutimes(link, longAgo(), longAgo());
  utimesSync(precious, longAgo(), longAgo());
  // A folder by that name.
  const folder = join(dataDir, 'sign-in-2222222222222222.html');
  mkdirSync(folder);
  utimesSync(folder, longAgo(), longAgo());

  const host = await start();

  for (const path of left) expect(existsSync(path), path).toBe(false);
  expect(readFileSync(fresh, 'utf8')).toBe('a live link');
  for (const name of others) expect(readFileSync(join(dataDir, name), 'utf8')).toBe(name);
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  expect(readFileSync(precious, 'utf8')).toBe('the person’s own');
  expect(lstatSync(folder).isDirectory()).toBe(true);
  // This run's own sign-in file is made and kept as before.
  const own = await host.signInFile();
  expect(existsSync(own)).toBe(true);
});
