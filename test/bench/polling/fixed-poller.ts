// The baseline: a fixed-interval poller, one loop per job asking every `intervalMs` from its creation
// until the record is final — no rate limit, no concurrency bound, no backoff.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient } from '../../../electron/core/api';
import { isFinalStatus } from '../../../electron/shared/api/job-types';
import type { CreatedJob } from './create-jobs';
import type { Outcome } from './outcomes';
import { outcomeOf } from './outcomes';

export async function pollFixed(
  client: ApiClient,
  job: CreatedJob,
  intervalMs: number,
  deadline: number,
): Promise<Outcome | null> {
  while (Date.now() < deadline) {
    // The next tick after now: a slow answer skips ticks instead of bunching them.
    const tick = Math.floor((Date.now() - job.createdLocal) / intervalMs) + 1;
    await sleep(Math.max(0, job.createdLocal + tick * intervalMs - Date.now()));
    try {
      const record = await client.getJob(job.target.uuid, { retries: 0 });
      if (isFinalStatus(record.job_status)) return outcomeOf(record, Date.now());
    } catch {
      // Next tick.
    }
  }
  return null;
}
