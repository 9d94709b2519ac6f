// Moving a SQLite history into the team's (copy-sqlite-history.ts) keeps who submitted each job where the
// history recorded it (version 7 on); only the jobs from before names were kept take the mover's name.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/core/db/open-database';
import { copySqliteHistory } from '../../../electron/core/db/postgres/copy-sqlite-history';
import { openTeamDatabase } from '../../../electron/core/db/postgres/open-team-database';
import { sqliteStores } from '../../../electron/core/db/sqlite/sqlite-stores';
import { pgClusterForThisFile } from '../../fixtures/pg-cluster-per-file';

const cluster = pgClusterForThisFile();
const dir = mkdtempSync(join(tmpdir(), 'jrs-copy-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps the recorded names; the unnamed jobs take the name of whoever moves the history in', async () => {
  const path = join(dir, 'history.sqlite');
  const { db } = openDatabase(path);
  const { jobs } = sqliteStores(db);
  const job = (id: string, submittedBy: string | null) => ({
    id,
    accountId: 'acc',
    projectId: 'p1',
    projectName: 'Promo',
    jobType: 'video',
    request: {},
    values: {},
    summary: id,
    source: 'form' as const,
    nowMs: 1_800_000_000_000,
    submittedBy,
  });
  jobs.insertSubmission(job('named', 'Ben on laptop'));
  jobs.insertSubmission(job('unnamed', null));
  db.close();

  const team = await openTeamDatabase(await cluster().createDatabase());
  try {
    await copySqliteHistory({
      sqlitePath: path,
      pool: team.pool,
      computerId: 'c1',
      submittedBy: 'Ada (moving in)',
    });
    const { rows } = await team.pool.query(`SELECT id, submitted_by FROM jobs ORDER BY id`);
    expect(rows).toEqual([
      { id: 'named', submitted_by: 'Ben on laptop' },
      { id: 'unnamed', submitted_by: 'Ada (moving in)' },
    ]);
  } finally {
    await team.close();
  }
});
