// The sandbox keeps no API key in plain text: sandbox.sqlite holds only each accepted key's SHA-256, an
// older file's plain keys are moved to their hash and wiped from the file, and the app's run keys (one
// per live process on a data folder) are all accepted, bounded, and pruned when their process is gone.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox';
import { IDS, KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-keys-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every byte the database left on disk: the file, and its WAL and shared-memory files if any. */
function bytesOnDisk(dataDir: string): string {
  return ['sandbox.sqlite', 'sandbox.sqlite-wal', 'sandbox.sqlite-shm']
    .map((name) => join(dataDir, name))
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path).toString('latin1'))
    .join('');
}

const credits = (url: string, key: string) => fetch(`${url}/auth/credits`, { headers: { 'x-api-key': key } });

describe('the sandbox keeps only hashes of keys', () => {
  it('writes no plain key to sandbox.sqlite, and checks keys by their SHA-256', async () => {
    const dataDir = folder();
    const sandbox = await startSandbox({ seed: makeTestSeed(), dataDir });
    try {
      expect((await credits(sandbox.url, KEY_A)).status).toBe(200);
      expect((await credits(sandbox.url, `${KEY_A}x`)).status).toBe(401);
    } finally {
      await sandbox.close();
    }
    const onDisk = bytesOnDisk(dataDir);
    expect(onDisk).not.toContain(KEY_A);
    expect(onDisk).not.toContain(KEY_B);
    const db = new Database(join(dataDir, 'sandbox.sqlite'), { readonly: true });
    const hashes = db.prepare('SELECT key_hash FROM account_keys').pluck().all();
    db.close();
    expect(hashes).toEqual(expect.arrayContaining([sha256(KEY_A), sha256(KEY_B)]));
  });

  it('moves an older file’s plain keys to their hash, keeps the account whole, and wipes the plain text', async () => {
    const dataDir = folder();
    // A sandbox.sqlite as the sandbox wrote it before: the key in plain text beside the account.
    const old = new Database(join(dataDir, 'sandbox.sqlite'));
    old.exec(`
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE accounts (id TEXT PRIMARY KEY, api_key TEXT NOT NULL UNIQUE, credits REAL NOT NULL);
    `);
    old.prepare('INSERT INTO accounts VALUES (?, ?, ?)').run('old-account-a', KEY_A, 42);
    old.prepare('INSERT INTO accounts VALUES (?, ?, ?)').run('old-account-b', KEY_B, 7);
    old.close();
    expect(bytesOnDisk(dataDir)).toContain(KEY_A);

    const sandbox = await startSandbox({ seed: makeTestSeed(), dataDir });
    try {
      // The same account: its balance, not the seed's 100.
      const answer = await credits(sandbox.url, KEY_A);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ credits: 42 });
      expect((await credits(sandbox.url, KEY_B)).status).toBe(200);
    } finally {
      await sandbox.close();
    }
    const onDisk = bytesOnDisk(dataDir);
    expect(onDisk).not.toContain(KEY_A);
    expect(onDisk).not.toContain(KEY_B);
  });
});

describe('run keys: the app’s key for its built-in sandbox, made at each start', () => {
  const seed = makeTestSeed();

  it('finds the app’s account of an older file (its key was the app’s own, kept in the keychain then)', async () => {
    const dataDir = folder();
    const old = new Database(join(dataDir, 'sandbox.sqlite'));
    old.exec(
      'CREATE TABLE accounts (id TEXT PRIMARY KEY, api_key TEXT NOT NULL UNIQUE, credits REAL NOT NULL);',
    );
    old.prepare('INSERT INTO accounts VALUES (?, ?, ?)').run('app-account', 'sandbox-old-app-key-0001', 42);
    old.prepare('INSERT INTO accounts VALUES (?, ?, ?)').run('second-account', KEY_B, 7);
    old.close();
    const sandbox = await startSandbox({ seed, dataDir, runKey: { key: 'run-key-after-upgrade-001' } });
    try {
      const answer = await credits(sandbox.url, 'run-key-after-upgrade-001');
      expect(await answer.json()).toEqual({ credits: 42 });
      expect(await (await credits(sandbox.url, KEY_B)).json()).toEqual({ credits: 7 });
      // The old key was the app's and is not given out any more: it no longer opens the account.
      expect((await credits(sandbox.url, 'sandbox-old-app-key-0001')).status).toBe(401);
    } finally {
      await sandbox.close();
    }
    expect(bytesOnDisk(dataDir)).not.toContain('sandbox-old-app-key-0001');
  });

  it('accepts the run key (not the seed’s public key) for the first account, the same account every start', async () => {
    const dataDir = folder();
    const first = await startSandbox({ seed, dataDir, runKey: { key: 'run-key-one-000000000001' } });
    try {
      expect((await credits(first.url, 'run-key-one-000000000001')).status).toBe(200);
      expect((await credits(first.url, KEY_A)).status).toBe(401);
      expect((await credits(first.url, KEY_B)).status).toBe(200);
      const made = await fetch(`${first.url}/jobs/v2`, {
        method: 'POST',
        headers: { 'x-api-key': 'run-key-one-000000000001', 'content-type': 'application/json' },
        body: JSON.stringify({ template_id: IDS.pdf, job_type: 'pdf', values: {} }),
      });
      expect(made.status).toBe(201);
    } finally {
      await first.close();
    }
    // A later start of this process (the account used again after a quit): a new key, the same account.
    const second = await startSandbox({ seed, dataDir, runKey: { key: 'run-key-two-000000000002' } });
    try {
      expect((await credits(second.url, 'run-key-two-000000000002')).status).toBe(200);
      expect(second.inspect.jobCount('run-key-two-000000000002')).toBe(1);
      // The earlier run's key went with its sandbox: nothing it handed out stays valid.
      expect((await credits(second.url, 'run-key-one-000000000001')).status).toBe(401);
    } finally {
      await second.close();
    }
    expect(bytesOnDisk(dataDir)).not.toContain('run-key-two-000000000002');
  });

  it('keeps the key of another live process on the same folder, and prunes a dead one’s', async () => {
    const dataDir = folder();
    const alive = new Set([101, 202]);
    const isAlive = (pid: number) => alive.has(pid);
    const app = await startSandbox({
      seed,
      dataDir,
      runKey: { key: 'desktop-app-key-0000000001', pid: 101, isAlive },
    });
    const host = await startSandbox({
      seed,
      dataDir,
      runKey: { key: 'browser-host-key-000000002', pid: 202, isAlive },
    });
    try {
      // Neither start invalidated the other's key, on either server.
      for (const url of [app.url, host.url]) {
        expect((await credits(url, 'desktop-app-key-0000000001')).status).toBe(200);
        expect((await credits(url, 'browser-host-key-000000002')).status).toBe(200);
      }
      alive.delete(101);
      const cli = await startSandbox({
        seed,
        dataDir,
        runKey: { key: 'command-line-key-000000003', pid: 303, isAlive },
      });
      try {
        expect((await credits(cli.url, 'desktop-app-key-0000000001')).status).toBe(401);
        expect((await credits(cli.url, 'browser-host-key-000000002')).status).toBe(200);
        expect((await credits(cli.url, 'command-line-key-000000003')).status).toBe(200);
      } finally {
        await cli.close();
      }
    } finally {
      await app.close();
      await host.close();
    }
  });

  it('keeps a bounded set of run keys, dropping the oldest', async () => {
    const dataDir = folder();
    const isAlive = () => true;
    const keys = Array.from({ length: 20 }, (_, i) => `live-run-key-${String(i).padStart(12, '0')}`);
    const running = [];
    for (const [i, key] of keys.entries())
      running.push(await startSandbox({ seed, dataDir, runKey: { key, pid: 1000 + i, isAlive } }));
    const db = new Database(join(dataDir, 'sandbox.sqlite'), { readonly: true });
    const runHashes = db.prepare("SELECT key_hash FROM account_keys WHERE kind = 'run'").pluck().all();
    db.close();
    for (const sandbox of running) await sandbox.close();
    expect(runHashes).toHaveLength(16);
    expect(runHashes).toContain(sha256(keys[19]!));
    expect(runHashes).not.toContain(sha256(keys[0]!));
  });
});
