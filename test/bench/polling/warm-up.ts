// The warm-up: a first small wave polled by the adaptive scheduler itself, which learns each duration as
// its job finishes. Ready once every key has enough samples; the stragglers keep teaching afterwards.
import { createApiClient } from '../../../electron/core/api';
import type { DurationModel } from '../../../electron/core/jobs/durations';
import { AdaptivePoller } from './adaptive-poller';
import type { BenchProject } from './bench-seed';
import { createJobs, planOf } from './create-jobs';

export interface WarmUpResult {
  jobs: number;
  /** Warm-up jobs finished when the measured wave started. */
  finished: number;
  seconds: number;
  samples: number;
  keys: number;
}

export interface WarmUp {
  /** Resolves when every key has `minPerKey` samples (or every warm-up job ended, or 3 minutes passed). */
  readonly ready: Promise<WarmUpResult>;
  stop(): void;
}

export function startWarmUp(
  url: string,
  apiKey: string,
  projects: readonly BenchProject[],
  durations: DurationModel,
  perProject: number,
  minPerKey: number,
): WarmUp {
  const start = Date.now();
  const poller = new AdaptivePoller(createApiClient({ baseUrl: url, apiKey }), durations);
  const plan = planOf(projects, perProject);
  const ready = (async (): Promise<WarmUpResult> => {
    await createJobs(createApiClient({ baseUrl: url, apiKey }), plan, 'warm', {
      onCreated: (job) => poller.add(job.target),
    });
    const learned = () => projects.every((project) => durations.count(project) >= minPerKey);
    while (!learned() && poller.finished + poller.lost < plan.length && Date.now() - start < 180_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return {
      jobs: plan.length,
      finished: poller.finished,
      seconds: (Date.now() - start) / 1000,
      samples: projects.reduce((sum, project) => sum + durations.count(project), 0),
      keys: projects.filter((project) => durations.estimate(project) !== null).length,
    };
  })();
  return { ready, stop: () => poller.dispose() };
}
