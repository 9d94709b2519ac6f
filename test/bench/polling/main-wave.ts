// The comparison's waves: the fixed 1 s and 5 s pollers' wave and the adaptive scheduler's wave, 1,000
// jobs per poller over the same projects, each poller on its own key.
import { createApiClient } from '../../../electron/core/api';
import type { ApiClient } from '../../../electron/core/api';
import type { DurationModel } from '../../../electron/core/jobs/durations';
import { AdaptivePoller } from './adaptive-poller';
import type { PollTiming } from './adaptive-poller';
import type { BenchProject } from './bench-seed';
import { createJobs, planOf } from './create-jobs';
import { pollFixed } from './fixed-poller';
import type { Outcome } from './outcomes';
import { RequestMeter } from './request-meter';

export interface PollerResult {
  name: string;
  jobs: number;
  finished: number;
  requests: number;
  peakPerSecond: number;
  outcomes: Outcome[];
}

export interface MainWaveResult {
  pollers: PollerResult[];
  seconds: number;
  /** The adaptive wave's: how late its requests left against their plan, and their round trips. */
  timing?: PollTiming;
}

/** Creates wait this long for the sandbox: a busy shared machine can hold one past the usual 30 s. */
const CREATE_TIMEOUT_MS = 180_000;

const client = (url: string, apiKey: string, meter?: RequestMeter): ApiClient =>
  createApiClient({ baseUrl: url, apiKey, ...(meter ? { fetch: meter.fetch } : {}) });

const creator = (url: string, apiKey: string): ApiClient =>
  createApiClient({ baseUrl: url, apiKey, timeoutMs: CREATE_TIMEOUT_MS });

/** The baselines: fixed 1 s and 5 s pollers, each on its own key, over the same kind of jobs, at once. */
export async function fixedWave(
  url: string,
  keys: { fixed1s: string; fixed5s: string },
  projects: readonly BenchProject[],
  jobsPerPoller: number,
): Promise<MainWaveResult> {
  const start = Date.now();
  const deadline = start + 240_000;
  const plan = planOf(projects, Math.ceil(jobsPerPoller / projects.length)).slice(0, jobsPerPoller);
  const pollers = [
    { name: 'fixed 1 s', key: keys.fixed1s, intervalMs: 1000 },
    { name: 'fixed 5 s', key: keys.fixed5s, intervalMs: 5000 },
  ].map((poller) => {
    const meter = new RequestMeter();
    return {
      ...poller,
      meter,
      client: client(url, poller.key, meter),
      loops: [] as Promise<Outcome | null>[],
    };
  });
  await Promise.all(
    pollers.map((poller) =>
      createJobs(creator(url, poller.key), plan, poller.name, {
        concurrency: 6,
        onCreated: (job) => poller.loops.push(pollFixed(poller.client, job, poller.intervalMs, deadline)),
      }),
    ),
  );
  const results = await Promise.all(
    pollers.map(async (poller): Promise<PollerResult> => {
      const outcomes = (await Promise.all(poller.loops)).filter(
        (outcome): outcome is Outcome => outcome !== null,
      );
      return {
        name: poller.name,
        jobs: plan.length,
        finished: outcomes.length,
        requests: poller.meter.requests,
        peakPerSecond: poller.meter.peakPerSecond(),
        outcomes,
      };
    }),
  );
  return { pollers: results, seconds: (Date.now() - start) / 1000 };
}

/** The adaptive scheduler's measured wave, its durations model warmed up, on its own key. */
export async function adaptiveWave(
  url: string,
  apiKey: string,
  projects: readonly BenchProject[],
  durations: DurationModel,
  jobs: number,
): Promise<MainWaveResult> {
  const start = Date.now();
  const meter = new RequestMeter();
  const adaptive = new AdaptivePoller(client(url, apiKey, meter), durations);
  const plan = planOf(projects, Math.ceil(jobs / projects.length)).slice(0, jobs);
  await createJobs(creator(url, apiKey), plan, 'adaptive', {
    concurrency: 6,
    onCreated: (job) => adaptive.add(job.target),
  });
  await adaptive.waitFor(plan.length, start + 240_000);
  adaptive.dispose();
  return {
    seconds: (Date.now() - start) / 1000,
    timing: adaptive.timing,
    pollers: [
      {
        name: 'adaptive',
        jobs: plan.length,
        finished: adaptive.finished,
        requests: meter.requests,
        peakPerSecond: meter.peakPerSecond(),
        outcomes: adaptive.outcomes,
      },
    ],
  };
}
