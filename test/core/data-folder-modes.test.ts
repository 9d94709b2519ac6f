// The data folder on the real file system, under the usual umask (0o022, which alone makes 0755 folders and
// 0644 files): everything the app and its built-in sandbox write is owner-only, an older install's wider
// modes are tightened at start without following links, and a data folder of another user is refused.
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { AppError } from '../../electron/core/kernel/app-error';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { securePrivateDataFolder } from '../../electron/core/app/private-data-folder';
import { dispatch } from '../../electron/core/app/dispatch';
import type { Channel } from '../../electron/shared/ipc/contract';
import { folderOfAnotherUser, linkOfAnotherUser } from '../fixtures/another-users-folder';
import { value } from '../fixtures/ipc-value';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { makeTestSeed } from '../fixtures/test-seed';

const ROOTS: string[] = [];
const cores: AppCore[] = [];
let umask: number;

beforeAll(() => {
  // Vitest's forks pool: each test file is a process of its own, so the umask may be set here.
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  for (const root of ROOTS.splice(0)) rmSync(root, { recursive: true, force: true });
});

function newRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'jrs-modes-'));
  ROOTS.push(root);
  return root;
}

/** The keychain outlives each run of the app, as the OS keychain would. */
let secrets = new MemorySecretStore();
afterEach(() => {
  secrets = new MemorySecretStore();
});

async function openCore(dataDir: string) {
  const core = await createAppCore({
    dataDir,
    downloadsDir: join(dataDir, '..', 'Downloads'),
    secrets,
    sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50 })),
    flushMs: 20,
  });
  cores.push(core);
  const call = async <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);
  return { core, call };
}

/** Uses the built-in sandbox and stores an upload in it: the history, the sandbox's database and its files. */
async function useEverything(dataDir: string): Promise<AppCore> {
  const { core, call } = await openCore(dataDir);
  value(await call('accounts:useSandbox'));
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffffff7f0009fb03fd2a86e38a0000000049454e44ae426082',
    'hex',
  );
  value(
    await call('assets:upload', {
      kind: 'image',
      name: 'one.png',
      mimeType: 'image/png',
      bytes: new Uint8Array(png),
    }),
  );
  return core;
}

/** Every entry under `dir` (not following links) with its permission bits. */
function walk(dir: string): { path: string; kind: 'folder' | 'file' | 'other'; mode: number }[] {
  const found: { path: string; kind: 'folder' | 'file' | 'other'; mode: number }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stats = lstatSync(path);
    const kind = stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : 'other';
    found.push({ path, kind, mode: stats.mode & 0o777 });
    if (kind === 'folder') found.push(...walk(path));
  }
  return found;
}

const modeOf = (path: string) => lstatSync(path).mode & 0o777;

function expectOwnerOnly(dataDir: string): void {
  expect(modeOf(dataDir).toString(8)).toBe('700');
  const entries = walk(dataDir);
  const wrong = entries
    .filter((entry) => entry.mode !== (entry.kind === 'folder' ? 0o700 : 0o600))
    .map((entry) => `${entry.path} ${entry.mode.toString(8)}`);
  expect(wrong).toEqual([]);
}

describe.skipIf(process.platform === 'win32')('the data folder on disk', () => {
  it('is created owner-only: folders 0700 and files 0600 everywhere, while the app runs and after', async () => {
    expect(process.umask()).toBe(0o022);
    const dataDir = join(newRoot(), 'Job Rendering Studio');
    const core = await useEverything(dataDir);
    const names = walk(dataDir).map((entry) => entry.path.slice(dataDir.length + 1));
    // What there is to check: the history (in WAL), the accounts, the sandbox's database, port and upload.
    expect(names).toEqual(
      expect.arrayContaining([
        'history.sqlite',
        'history.sqlite-wal',
        'history.sqlite-shm',
        'accounts.json',
        'sandbox',
        join('sandbox', 'sandbox.sqlite'),
        join('sandbox', 'sandbox.sqlite-wal'),
        join('sandbox', 'port.txt'),
        join('sandbox', 'files'),
      ]),
    );
    expect(readdirSync(join(dataDir, 'sandbox', 'files')).length).toBeGreaterThan(0);
    expectOwnerOnly(dataDir);
    await core.dispose();
    cores.splice(cores.indexOf(core), 1);
    expectOwnerOnly(dataDir);
  });

  it('tightens what an older install left readable by every local user, without following links', async () => {
    const root = newRoot();
    const dataDir = join(root, 'data');
    const core = await useEverything(dataDir);
    await core.dispose();
    cores.splice(cores.indexOf(core), 1);
    // An older install: 0755 folders, 0644 files.
    for (const entry of walk(dataDir)) chmodSync(entry.path, entry.kind === 'folder' ? 0o755 : 0o644);
    chmodSync(dataDir, 0o755);
    // A link in the data folder to a file of the person's elsewhere: not the app's to change.
    const outside = join(root, 'notes.txt');
    writeFileSync(outside, 'mine');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(dataDir, 'notes-link'));

    await useEverything(dataDir);
    expect(modeOf(outside).toString(8)).toBe('644');
    rmSync(join(dataDir, 'notes-link'));
    expectOwnerOnly(dataDir);
  });

  it('never tightens the files of a folder a link inside the data folder leads to (sandbox, sandbox/files)', () => {
    const root = newRoot();
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    // Folders of the person's elsewhere, with their own files readable by others on purpose.
    const outside = (name: string) => {
      const dir = join(root, name);
      mkdirSync(dir);
      for (const file of ['a.txt', 'b.txt']) {
        writeFileSync(join(dir, file), file);
        chmodSync(join(dir, file), 0o644);
      }
      chmodSync(dir, 0o755);
      return dir;
    };
    const linkedSandbox = outside('linked-sandbox');
    // Its own files folder: reached through the link as sandbox/files.
    mkdirSync(join(linkedSandbox, 'files'));
    writeFileSync(join(linkedSandbox, 'files', 'c.txt'), 'c');
    chmodSync(join(linkedSandbox, 'files', 'c.txt'), 0o644);
    symlinkSync(linkedSandbox, join(dataDir, 'sandbox'));
    securePrivateDataFolder(dataDir);
    expect(modeOf(join(linkedSandbox, 'files', 'c.txt')).toString(8)).toBe('644');
    expect(modeOf(join(linkedSandbox, 'a.txt')).toString(8)).toBe('644');
    expect(modeOf(join(linkedSandbox, 'b.txt')).toString(8)).toBe('644');
    expect(modeOf(linkedSandbox).toString(8)).toBe('755');

    // The same one level down: a real sandbox folder whose files folder is a link.
    rmSync(join(dataDir, 'sandbox'));
    mkdirSync(join(dataDir, 'sandbox'));
    const linkedFiles = outside('linked-files');
    symlinkSync(linkedFiles, join(dataDir, 'sandbox', 'files'));
    securePrivateDataFolder(dataDir);
    expect(modeOf(join(linkedFiles, 'a.txt')).toString(8)).toBe('644');
    expect(modeOf(linkedFiles).toString(8)).toBe('755');
  });

  it.skipIf(process.getuid?.() !== 0)(
    'refuses, in words, a data folder owned by another user, or a link to one owned by another user',
    async () => {
      const root = newRoot();
      const theirs = folderOfAnotherUser(root);
      const refused = await openCore(theirs).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).message).toMatch(/belongs to another user of this computer.*JRS_DATA_DIR/);
      expect(readdirSync(theirs)).toEqual([]);

      const { link, mine } = linkOfAnotherUser(root);
      const viaLink = await openCore(link).catch((error: unknown) => error);
      expect(viaLink).toBeInstanceOf(AppError);
      expect((viaLink as AppError).message).toMatch(/is a link owned by another user/);
      expect(readdirSync(mine)).toEqual([]);
    },
  );
});
