// The poll scheduler against the real sandbox on real time, through the real client, with the sandbox
// injecting 5xx, 429s, resets and latency: every job still ends with its final record. Behaviour only,
// no timing asserts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiClient } from '../../electron/core/api';
import type { Job } from '../../electron/core/api';
import { systemClock, systemTimers } from '../../electron/core/kernel/ports';
import { DurationModel } from '../../electron/core/jobs/durations';
import { PollScheduler } from '../../electron/core/jobs/poll-scheduler';
import type { PollTarget } from '../../electron/core/jobs/poll-types';
import { startSandbox } from '../../electron/sandbox';
import type { RunningSandbox } from '../../electron/sandbox';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 300, slowMs: 1500 }) });
});
afterAll(() => sandbox.close());

const PROJECTS = [
  { projectId: IDS.video, jobType: 'ai_talking_video', outcome: 'SUCCESS' },
  { projectId: IDS.image, jobType: 'image', outcome: 'SUCCESS' },
  { projectId: IDS.pdf, jobType: 'pdf', outcome: 'SUCCESS' },
  { projectId: IDS.tts, jobType: 'tts', outcome: 'SUCCESS' },
  { projectId: IDS.failing, jobType: 'video', outcome: 'FAILED' },
  { projectId: IDS.slow, jobType: 'video', outcome: 'SUCCESS' },
] as const;

it('brings 30 jobs to their final state through 5xx, 429s, resets and latency', async () => {
  const client = createApiClient({ baseUrl: sandbox.url, apiKey: KEY_A });
  const targets: { target: PollTarget; outcome: string }[] = [];
  for (let index = 0; index < 30; index += 1) {
    const project = PROJECTS[index % PROJECTS.length]!;
    const job = await client.createJob({
      template_id: project.projectId,
      job_type: project.jobType,
      version: 2,
    });
    targets.push({
      target: {
        id: `history-${index}`,
        uuid: job.uuid,
        projectId: project.projectId,
        jobType: project.jobType,
        startedAtMs: Date.parse(job.created_at ?? new Date().toISOString()),
      },
      outcome: project.outcome,
    });
  }
  sandbox.faults.set({
    errorRate: 0.2,
    rateLimitRate: 0.05,
    resetRate: 0.05,
    latencyMs: 20,
    retryAfterSeconds: 1,
  });

  const finals = new Map<string, Job>();
  const errors: unknown[] = [];
  const lost: string[] = [];
  const repeated: string[] = [];
  let finishAll: () => void = () => undefined;
  const allFinal = new Promise<void>((resolve) => (finishAll = resolve));
  const scheduler = new PollScheduler({
    clock: systemClock,
    timers: systemTimers,
    durations: new DurationModel(),
    // Single attempts: the scheduler does the backing off.
    fetchJob: (uuid, signal) => client.getJob(uuid, { signal, retries: 0 }),
    listener: {
      onRecord: (target, job, final) => {
        if (!final) return;
        // (Not an expect: the scheduler shields itself from a listener that throws.)
        if (finals.has(target.id)) repeated.push(target.id);
        finals.set(target.id, job);
        if (finals.size === targets.length) finishAll();
      },
      onLost: (target) => {
        lost.push(target.id);
      },
      onError: (_target, error) => {
        errors.push(error);
      },
    },
  });
  try {
    targets.forEach(({ target }) => scheduler.add(target));
    await allFinal;
  } finally {
    scheduler.dispose();
    sandbox.faults.reset();
  }

  expect(lost).toEqual([]);
  expect(repeated).toEqual([]);
  for (const { target, outcome } of targets) {
    expect(finals.get(target.id)).toMatchObject({ uuid: target.uuid, job_status: outcome });
  }
  expect(scheduler.size).toBe(0);
  const stats = scheduler.stats();
  expect(stats.requests).toBeGreaterThanOrEqual(30);
  // The faults did strike (~30 % of requests), and every failure reached the listener with a kind.
  expect(errors.length).toBeGreaterThan(0);
  expect(stats.errors).toBe(errors.length);
  for (const error of errors) expect(error).toMatchObject({ kind: expect.any(String) });
  // Real time with random faults: a job that meets a few in a row waits out a backoff of 1, 2, 4, 8 s (full
  // jitter), so one run takes 5–20 s here and outlasted 30 s once on a loaded CI machine; the goal is
  // behaviour, not speed.
}, 90_000);
