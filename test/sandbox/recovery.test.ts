// A sandbox killed while its worker was finishing runs (claimed, output not yet written) finishes those
// runs after a restart on the same data folder, instead of leaving them QUEUED forever.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { AccountStore } from '../../electron/sandbox/account-store';
import { openSandboxDb } from '../../electron/sandbox/db';
import { JobStore } from '../../electron/sandbox/job-store';
import { call, waitForStatus } from '../fixtures/sandbox-http';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

const DURATION_MS = 1000;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'jrs-recover-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function submit(sandbox: RunningSandbox, templateId: string, jobType: string): Promise<string> {
  const response = await call(sandbox, 'POST', '/jobs/v2', {
    key: KEY_A,
    body: { template_id: templateId, job_type: jobType },
  });
  expect(response.status).toBe(201);
  return (response.body as { job: { uuid: string } }).job.uuid;
}

/**
 * What a worker leaves behind when the process dies between claiming due runs and writing their outputs:
 * the same claim the worker makes (JobStore.claimForFinish), and then nothing.
 */
function claimDueRunsAndDie(): number {
  const db = openSandboxDb(dataDir);
  try {
    const jobs = new JobStore(db, new AccountStore(db));
    const due = jobs.dueRuns(Date.now(), 100);
    return due.filter((run) => jobs.claimForFinish(run.uuid, run.runId)).length;
  } finally {
    db.close();
  }
}

describe('recovery of runs under way when the sandbox died', () => {
  it('finishes, after a restart, runs that were claimed for finishing but never finished', async () => {
    const seed = makeTestSeed({ durationMs: DURATION_MS });
    const first = await startSandbox({ seed, dataDir });
    const ids = [await submit(first, IDS.pdf, 'pdf'), await submit(first, IDS.image, 'image')];
    // Closing stops the worker at once; the runs stay on the queue, unfinished.
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, DURATION_MS + 100));
    expect(claimDueRunsAndDie()).toBe(ids.length);

    const second = await startSandbox({ seed, dataDir });
    try {
      for (const id of ids) {
        const { job } = await waitForStatus(second, KEY_A, id, ['SUCCESS', 'FAILED'], 8000);
        expect(job['job_status']).toBe('SUCCESS');
        expect((job['output'] as { output?: string }).output).toMatch(/\/outputs\//);
      }
      // Each run is charged once: pdf 5 and image 2 from the seed's 100.
      expect(second.inspect.credits(KEY_A)).toBe(93);
    } finally {
      await second.close();
    }
  });
});
