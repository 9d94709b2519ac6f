// The poll scheduler and the states a job is seen in: where a state begins at a steady share of the run
// (as the sandbox's worker moves its jobs), a job is asked once early and once just after its own end;
// where states say nothing, the schedule is the durations' alone; an odd updated_at cannot hold a job.
import { describe, expect, it } from 'vitest';
import { DurationModel } from '../../electron/core/jobs/durations';
import type { PollIntervalOptions } from '../../electron/core/jobs/poll-intervals';
import { PollScheduler } from '../../electron/core/jobs/poll-scheduler';
import type { DurationKey, PollTarget } from '../../electron/core/jobs/poll-types';
import { FakeJobService } from '../fixtures/fake-job-service';
import type { Stage } from '../fixtures/fake-job-service';
import { FakeTime, seededRandom } from '../fixtures/fake-time';

const KEY: DurationKey = { projectId: 'project-1', jobType: 'video' };
const noListener = { onRecord: () => undefined, onLost: () => undefined, onError: () => undefined };

function setup(seed: number, intervals: Partial<PollIntervalOptions> = {}) {
  const time = new FakeTime();
  const service = new FakeJobService(time);
  const durations = new DurationModel();
  const scheduler = new PollScheduler({
    clock: time,
    timers: time,
    random: seededRandom(seed),
    durations,
    fetchJob: service.fetchJob,
    listener: noListener,
    rate: { initialPerSecond: 1000, maxPerSecond: 1000, slowStart: false },
    intervals,
  });
  return { time, service, durations, scheduler };
}

interface Run {
  /** Every call's time, per job. */
  calls: number[][];
  /** Requests ÷ a keeping-up 1 s poller's. */
  ratio: number;
  /** Detection lag ÷ duration, per job. */
  lagShares: number[];
  durations: DurationModel;
}

/**
 * 40 jobs to learn from, then 300 more created over a minute, log-normal around 40 s (CV 0.3); every
 * job's states as `stagesOf` says (default: the sandbox's).
 */
async function wave(stagesOf?: (durationMs: number, random: () => number) => Stage[]): Promise<Run> {
  const { time, service, durations, scheduler } = setup(5);
  const random = seededRandom(11);
  const sigma = Math.sqrt(Math.log(1.09));
  const draw = () =>
    Math.round(
      40_000 * Math.exp(sigma * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())),
    );
  const create = () => {
    const durationMs = draw();
    const stages = stagesOf?.(durationMs, random);
    return { target: service.create(durationMs, stages ? { stages } : {}), durationMs };
  };
  for (let index = 0; index < 40; index += 1) scheduler.add(create().target);
  await time.until(() => scheduler.size === 0, 30 * 60_000, 1_000);
  const measured: { target: PollTarget; durationMs: number }[] = [];
  for (let index = 0; index < 300; index += 1) {
    const job = create();
    measured.push(job);
    scheduler.add(job.target);
    await time.advance(200);
  }
  await time.until(() => scheduler.size === 0, 30 * 60_000, 1_000);
  scheduler.dispose();
  const calls = measured.map(({ target }) => service.callsFor(target.uuid).map((call) => call.at));
  const nominal = measured.reduce((sum, { durationMs }) => sum + Math.ceil(durationMs / 1000), 0);
  return {
    calls,
    ratio: calls.reduce((sum, each) => sum + each.length, 0) / nominal,
    lagShares: measured.map(
      ({ target, durationMs }) =>
        (service.detectedAt.get(target.uuid)! - target.startedAtMs - durationMs) / durationMs,
    ),
    durations,
  };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

describe('PollScheduler: what a job’s state says', () => {
  it('asks a job whose state forecasts its end once early and once just after the end', async () => {
    const staged = await wave();
    const blind = await wave(() => []);
    // Two or three requests a job, where the durations alone need about eight.
    expect(Math.max(...staged.calls.map((each) => each.length))).toBeLessThanOrEqual(4);
    expect(staged.ratio).toBeLessThanOrEqual(0.08);
    expect(blind.ratio).toBeGreaterThan(0.15);
    // And seen sooner: at the 95th percentile within 5 % of the duration (the goal is 8 %).
    expect(quantile(staged.lagShares, 0.95)).toBeLessThanOrEqual(0.05);
    expect(quantile(staged.lagShares, 0.95)).toBeLessThan(quantile(blind.lagShares, 0.95));
  });

  it('changes nothing where the states say nothing of the end', async () => {
    const blind = await wave(() => []);
    // STARTED 1 s after the creation whatever the run: its start says nothing of the end.
    const fixed = await wave(() => [
      { status: 'QUEUED', afterMs: 0 },
      { status: 'STARTED', afterMs: 1_000 },
      { status: 'IN_PROGRESS', afterMs: 2_000 },
    ]);
    expect(fixed.calls).toEqual(blind.calls);
    // Learned, and found wanting.
    expect(fixed.durations.stages.sharpest(KEY)).toBeGreaterThan(0.2);
  });

  it('does not let an odd updated_at hold a job unasked beyond its kind’s 99.9th percentile', async () => {
    // No cap on a wait (60 s by default), so that only the kind's ceiling can bound it.
    const { time, service, durations, scheduler } = setup(3, { maxMs: 3_600_000 });
    for (let index = 0; index < 20; index += 1) scheduler.add(service.create(30_000 + index * 500));
    await time.until(() => scheduler.size === 0, 30 * 60_000, 1_000);
    expect(durations.stages.sharpest(KEY)).toBeLessThan(0.05);
    // Its record says it entered STARTED ten hours after its creation: at 15 %, it would end in 66 hours.
    const odd = service.create(35_000);
    service.jobs.get(odd.uuid)!.updatedAtOverride = odd.startedAtMs + 10 * 3_600_000;
    scheduler.add(odd);
    await time.until(() => scheduler.size === 0, 24 * 3_600_000, 1_000);
    const calls = service.callsFor(odd.uuid);
    const ceiling = durations.quantileMs(KEY, 3.09)!;
    expect(ceiling).toBeLessThan(60_000);
    for (const call of calls) expect(call.at - odd.startedAtMs).toBeLessThanOrEqual(ceiling * 1.08);
    expect(service.detectedAt.get(odd.uuid)! - odd.startedAtMs).toBeLessThanOrEqual(ceiling * 1.08);
  });
});
