// The poll scheduler and the states a job is seen in: where a state begins at a steady share of the run
// (as the sandbox's worker moves its jobs), a job is asked once early and once just after its own end;
// where states say nothing, the schedule is the durations' alone; an odd updated_at cannot hold a job.
import { describe, expect, it } from 'vitest';
import { DurationModel, FIRST_END_Z } from '../../electron/core/jobs/durations';
import type { PollIntervalOptions } from '../../electron/core/jobs/poll-intervals';
import { PROBE_Z, PollScheduler } from '../../electron/core/jobs/poll-scheduler';
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
  it('asks a job of a kind whose states forecast its end first at the kind’s 1st percentile, else at its 5th', async () => {
    for (const [stagesOf, z] of [
      [undefined, PROBE_Z],
      [() => [], FIRST_END_Z],
    ] as const) {
      const { time, service, durations, scheduler } = setup(9);
      for (let index = 0; index < 20; index += 1) {
        scheduler.add(service.create(30_000 + index * 500, stagesOf ? { stages: stagesOf() } : {}));
      }
      await time.until(() => scheduler.size === 0, 30 * 60_000, 1_000);
      const target = service.create(30_000);
      scheduler.add(target);
      const planned = scheduler.nextPollAt(target.id)! - target.startedAtMs;
      const expected = durations.quantileMs(KEY, z)!;
      // The wait comes up to 5 % early (jitter), never late; a long one is looked at half-way, no request.
      expect(planned).toBeLessThanOrEqual(Math.ceil(expected));
      expect(planned).toBeGreaterThanOrEqual(Math.floor(0.95 * expected));
      scheduler.dispose();
    }
  });

  it('keeps the first start seen for a state: a later updated_at in it does not push the end later', async () => {
    const { time, service, durations, scheduler } = setup(4);
    for (let index = 0; index < 20; index += 1) scheduler.add(service.create(30_000 + index * 500));
    await time.until(() => scheduler.size === 0, 30 * 60_000, 1_000);
    // IN_PROGRESS from 14 s: it ends near 40 s.
    const target = service.create(40_000);
    scheduler.add(target);
    await time.until(() => service.callsFor(target.uuid).length === 1, 60_000, 100);
    expect(time.now() - target.startedAtMs).toBeGreaterThan(14_000);
    const planned = scheduler.nextPollAt(target.id)! - target.startedAtMs;
    expect(planned).toBeGreaterThanOrEqual(40_000);
    expect(planned).toBeLessThanOrEqual(42_000);
    // Something else (a PUT of its output) moves its updated_at to 30 s; asked again at once, it answers so.
    await time.advance(30_000 + target.startedAtMs - time.now());
    service.jobs.get(target.uuid)!.updatedAtOverride = target.startedAtMs + 30_000;
    scheduler.pollNow(target.id);
    await time.until(() => service.callsFor(target.uuid).length === 2, 1_000, 10);
    expect(scheduler.nextPollAt(target.id)! - target.startedAtMs).toBeLessThanOrEqual(42_000);
    expect(durations.stages.sharpest(KEY)).toBeLessThan(0.05);
  });

  it('does not forecast a requeued run from its states, nor from those of the run before', async () => {
    const { time, service, durations, scheduler } = setup(6);
    // 20 to 58 s: a 60 s run is within the kind's 99.9th percentile.
    for (let index = 0; index < 20; index += 1) scheduler.add(service.create(20_000 + index * 2_000));
    await time.until(() => scheduler.size === 0, 30 * 60_000, 1_000);
    const kindFirstEnd = durations.firstEndMs(KEY)!;
    // A 60 s run, seen in IN_PROGRESS: forecast to end near 60 s, well past the kind's first likely end.
    const target = service.create(60_000);
    scheduler.add(target);
    await time.until(() => service.callsFor(target.uuid).length === 1, 60_000, 100);
    expect(scheduler.nextPollAt(target.id)! - target.startedAtMs).toBeGreaterThan(58_000);
    // Requeued now (its clock restarts on ours); the service still shows the old run's state.
    const requeued = { ...target, startedAtMs: time.now() };
    scheduler.add(requeued);
    scheduler.pollNow(target.id);
    await time.until(() => service.callsFor(target.uuid).length === 2, 1_000, 10);
    // Asked at the kind's first likely end of the new run (5 % early at most), not at the old forecast.
    const planned = scheduler.nextPollAt(target.id)! - requeued.startedAtMs;
    expect(planned).toBeLessThanOrEqual(Math.ceil(kindFirstEnd));
    expect(planned).toBeGreaterThanOrEqual(Math.floor(0.95 * kindFirstEnd) - 1_000);
  });

  it('does not start asking every second about a job whose updated_at says its state began at once', async () => {
    const { time, service, durations, scheduler } = setup(8);
    for (let index = 0; index < 20; index += 1) scheduler.add(service.create(30_000 + index * 500));
    await time.until(() => scheduler.size === 0, 30 * 60_000, 1_000);
    const floor = durations.quantileMs(KEY, -3.09)!;
    const target = service.create(35_000);
    // Its STARTED began 10 ms in, says the record: at 15 %, it would have ended at 67 ms.
    service.jobs.get(target.uuid)!.updatedAtOverride = target.startedAtMs + 10;
    scheduler.add(target);
    // Asked early (a person pressed Refresh), 6 s in: in STARTED, which began at 5.25 s in fact.
    await time.advance(6_000);
    scheduler.pollNow(target.id);
    await time.until(() => scheduler.size === 0, 10 * 60_000, 100);
    const calls = service.callsFor(target.uuid).map((call) => call.at - target.startedAtMs);
    expect(floor).toBeGreaterThan(20_000);
    // Nothing more before the kind's 0.1th percentile (less the dense jitter), then every 7.8 % of the age.
    expect(calls[0]).toBe(6_000);
    expect(calls[1]!).toBeGreaterThanOrEqual(floor - 0.05 * 0.078 * floor - 1);
    expect(calls.length).toBeLessThanOrEqual(8);
  });
});
