// Taking over the history can fail (a disk that refuses the write that settles cut-off submissions or sets
// orphans aside). That failure must leave the lease, not be logged and forgotten: an owner whose work never
// started (no polling, no batch rows, no downloads) would also keep every other process from taking over.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { makeTestSeed } from '../../fixtures/test-seed';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('refuses to start as the history’s owner when taking it over fails, instead of owning it idle', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'jrs-owner-fail-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const deps = () => ({
    dataDir: dir,
    downloadsDir: join(dir, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 300 })),
    flushMs: 20,
  });
  await (await createAppCore(deps())).dispose();
  // A job of an account no longer in the list (set aside as an orphan at takeover), and a disk that
  // refuses exactly that write.
  const db = new Database(join(dir, 'history.sqlite'));
  db.exec(`INSERT INTO jobs (id, account_id, project_id, project_name, job_type, tracking, source, values_json,
             summary, first_seen_ms) VALUES ('j1', 'gone-account', 'p', 'P', 'video', 'active', 'form', '{}', '', 1)`);
  db.exec(`CREATE TRIGGER refuse_archive BEFORE UPDATE OF archived ON jobs
           BEGIN SELECT RAISE(ABORT, 'simulated disk failure'); END`);
  db.close();

  await expect(createAppCore(deps())).rejects.toThrow('simulated disk failure');
});
