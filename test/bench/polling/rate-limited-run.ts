// The adaptive scheduler against a sandbox that limits each key to N requests per second (429 with
// Retry-After beyond): what share of its requests is refused, and whether every job still ends.
import { createApiClient } from '../../../electron/core/api';
import { DurationModel } from '../../../electron/core/jobs/durations';
import { AdaptivePoller } from './adaptive-poller';
import type { BenchProject } from './bench-seed';
import { createJobs, planOf } from './create-jobs';
import { RequestMeter } from './request-meter';

export interface RateLimitedResult {
  limitPerSecond: number;
  jobs: number;
  finished: number;
  requests: number;
  rateLimited: number;
  finalRatePerSecond: number;
  seconds: number;
}

export async function rateLimitedRun(
  url: string,
  apiKey: string,
  projects: readonly BenchProject[],
  perProject: number,
  limitPerSecond: number,
): Promise<RateLimitedResult> {
  const plan = planOf(projects, perProject);
  // Created first, below the limit, so that every 429 counted is one of the scheduler's own.
  const created = await createJobs(createApiClient({ baseUrl: url, apiKey }), plan, 'limited', {
    concurrency: 2,
    perSecond: limitPerSecond * 0.75,
  });
  const start = Date.now();
  const meter = new RequestMeter();
  const poller = new AdaptivePoller(
    createApiClient({ baseUrl: url, apiKey, fetch: meter.fetch }),
    new DurationModel(),
  );
  created.forEach((job) => poller.add(job.target));
  await poller.waitFor(plan.length, start + 180_000);
  const result = {
    limitPerSecond,
    jobs: plan.length,
    finished: poller.finished,
    requests: meter.requests,
    rateLimited: meter.rateLimited,
    finalRatePerSecond: poller.scheduler.stats().ratePerSecond,
    seconds: (Date.now() - start) / 1000,
  };
  poller.dispose();
  return result;
}
