// With a data folder, jobs, balances, files and signing keys survive a restart, and unfinished runs resume.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox';
import { call, waitForStatus } from '../fixtures/sandbox-http';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'jrs-persist-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('a sandbox with a data folder', () => {
  it('keeps jobs, balances and files across a restart and finishes runs that were under way', async () => {
    const seed = makeTestSeed({ durationMs: 100, slowMs: 1500 });
    const first = await startSandbox({ seed, dataDir });
    const post = async (templateId: string, jobType: string) =>
      (
        (
          await call(first, 'POST', '/jobs/v2', {
            key: KEY_A,
            body: { template_id: templateId, job_type: jobType },
          })
        ).body as { job: { uuid: string } }
      ).job.uuid;
    const done = await post(IDS.pdf, 'pdf');
    const { job } = await waitForStatus(first, KEY_A, done, ['SUCCESS']);
    const unfinished = await post(IDS.slow, 'video');
    const balance = first.inspect.credits(KEY_A);
    expect(balance).toBe(95);
    const outputKey = (job['output'] as { output: string }).output;
    const signed = await call(
      first,
      'GET',
      `/storage/generate-signed-path?path=${encodeURIComponent(outputKey)}`,
      {
        key: KEY_A,
      },
    );
    const oldUrl = new URL((signed.body as { signedUrl: string }).signedUrl);
    const original = Buffer.from(await (await fetch(oldUrl)).arrayBuffer());
    await first.close();

    const second = await startSandbox({ seed, dataDir });
    try {
      // The balance is the stored one, not the seed's 100.
      expect((await call(second, 'GET', '/auth/credits', { key: KEY_A })).body).toEqual({ credits: 95 });
      const again = await call(second, 'GET', `/jobs/${done}`, { key: KEY_A });
      expect(again.body).toMatchObject({ uuid: done, job_status: 'SUCCESS', output: { output: outputKey } });
      // A link signed before the restart still works on the new origin's port with the same secret.
      oldUrl.port = String(second.port);
      expect(Buffer.from(await (await fetch(oldUrl)).arrayBuffer())).toEqual(original);
      const { job: resumed } = await waitForStatus(second, KEY_A, unfinished, ['SUCCESS', 'FAILED']);
      expect(resumed['job_status']).toBe('SUCCESS');
      expect(second.inspect.credits(KEY_A)).toBe(92);
    } finally {
      await second.close();
    }
  });

  it('starts from the seed again without a data folder', async () => {
    const sandbox = await startSandbox({ seed: makeTestSeed() });
    try {
      expect(sandbox.inspect.jobCount()).toBe(0);
      expect(sandbox.inspect.credits(KEY_A)).toBe(100);
    } finally {
      await sandbox.close();
    }
  });
});
