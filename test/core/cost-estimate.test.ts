// The expected cost of a project's next job: the median of its latest successful jobs' charges, from the
// history database (other projects, other accounts, failures and unfinished jobs left out).
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open-database';
import { estimateCost } from '../../electron/core/jobs/cost-estimate';
import { SqliteJobs } from '../../electron/core/db/sqlite/sqlite-jobs';
import { tempFilePaths } from '../fixtures/temp-dirs';

const tempPath = tempFilePaths('jrs-cost-', 'history.sqlite');

describe('estimateCost', () => {
  it('is unknown without charges', () => {
    expect(estimateCost([])).toEqual({ samples: 0, typical: null, low: null, high: null });
  });

  it('takes the median, so one odd charge does not move it', () => {
    expect(estimateCost([5, 5, 500])).toEqual({ samples: 3, typical: 5, low: 5, high: 500 });
    expect(estimateCost([4, 2, 6, 8])).toEqual({ samples: 4, typical: 5, low: 2, high: 8 });
  });

  it('ignores charges that are not a number of credits', () => {
    expect(estimateCost([Number.NaN, -3, 2])).toEqual({ samples: 1, typical: 2, low: 2, high: 2 });
  });
});

describe('SqliteJobs.charges', () => {
  it('reads the project’s successful, finished jobs of the account, newest first, at most the limit', async () => {
    const { db } = openDatabase(tempPath());
    const insert = db.prepare(`
      INSERT INTO jobs (id, account_id, project_id, project_name, job_type, status, tracking, source,
        values_json, summary, credit_used, finished_at, first_seen_ms)
      VALUES (@id, @account, @project, 'P', 'video', @status, @tracking, 'form', '{}', '', @credits, @finished, 1)`);
    const row = (id: string, over: Record<string, unknown> = {}) =>
      insert.run({
        id,
        account: 'acc',
        project: 'p-1',
        status: 'SUCCESS',
        tracking: 'final',
        credits: 5,
        finished: `2026-11-0${id.length}T10:00:00Z`,
        ...over,
      });
    row('a', { credits: 3, finished: '2026-11-01T10:00:00Z' });
    row('b', { credits: 4, finished: '2026-11-02T10:00:00Z' });
    row('c', { credits: 7, finished: '2026-11-03T10:00:00Z' });
    row('failed', { status: 'FAILED', credits: 1 });
    row('running', { status: 'PROCESSING', tracking: 'active', credits: null, finished: null });
    row('other-project', { project: 'p-2', credits: 100 });
    row('other-account', { account: 'acc-2', credits: 100 });
    const repo = new SqliteJobs(db);
    expect(await repo.charges('acc', 'p-1')).toEqual([7, 4, 3]);
    expect(await repo.charges('acc', 'p-1', 2)).toEqual([7, 4]);
    expect(await repo.charges('acc', 'p-3')).toEqual([]);
  });
});
