// The downloads table's writes of one moment share one commit (group-commit.ts) on a real SQLite history:
// 500 queued at once are one transaction, a read sees every write asked before it, a bad write fails alone,
// and a write asked after the history closed is refused, not lost silently.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../electron/core/db/open-database';
import { GroupCommit } from '../../../electron/core/db/sqlite/group-commit';
import { SqliteDownloads } from '../../../electron/core/db/sqlite/sqlite-downloads';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function history() {
  dir = mkdtempSync(join(tmpdir(), 'jrs-group-commit-'));
  const { db } = openDatabase(join(dir, 'history.sqlite'));
  const transactions = vi.spyOn(db, 'transaction');
  return { db, transactions, downloads: new SqliteDownloads(db) };
}

const row = (i: number) => ({
  jobId: `job-${i}`,
  accountId: 'acc',
  root: '/out',
  target: `/out/${i}.mp4`,
  nowMs: 1000 + i,
});

it('commits 500 downloads queued in one moment as one transaction, and each is answered once it is in', async () => {
  const { db, transactions, downloads } = history();
  await Promise.all(Array.from({ length: 500 }, (_, i) => downloads.enqueue(row(i))));
  expect(transactions).toHaveBeenCalledTimes(1);
  expect(await downloads.list('acc')).toHaveLength(500);
  db.close();
});

it('lets a read see every write asked before it, in the order asked', async () => {
  const { db, transactions, downloads } = history();
  const queued = downloads.enqueue(row(1));
  const first = (await downloads.get('job-1'))!;
  expect(first.state).toBe('queued');
  const saved = downloads.save({ ...first, state: 'done', path: '/out/1.mp4', bytes: 10, updatedMs: 2000 });
  void downloads.remove('job-1');
  void downloads.enqueue(row(1));
  // Not committed yet when the read comes: the read commits them first (upsert after remove: queued anew).
  expect((await downloads.get('job-1'))?.state).toBe('queued');
  await Promise.all([queued, saved]);
  expect(transactions).toHaveBeenCalledTimes(2);
  db.close();
});

it('fails a bad write alone: the others of its moment are committed', async () => {
  const { db } = history();
  const commits = new GroupCommit(db);
  db.exec('CREATE TABLE t (v INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  const results = await Promise.allSettled([
    commits.write(() => insert.run(1)),
    commits.write(() => insert.run(null)),
    commits.write(() => insert.run(3)),
  ]);
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(db.prepare('SELECT v FROM t ORDER BY v').pluck().all()).toEqual([1, 3]);
  // A write asked after the history closed is refused.
  db.close();
  await expect(commits.write(() => insert.run(4))).rejects.toThrow(/not open/);
});
