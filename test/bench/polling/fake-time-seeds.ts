// The bench's own scenario on fake time, over several seeds: the warm-up (6 jobs per project, measured
// once every project has 3 learned durations; or durations known from a history), then 1,000 jobs created
// at a steady pace, polled by the real PollScheduler against a stand-in service that moves its jobs through
// their states as the sandbox's worker does. No machine load, no sockets: what is left is the spread that
// the run times' draws alone give the scheduler, so "in every run" is judged on the worst seed.
import { DurationModel } from '../../../electron/core/jobs/durations';
import { PollScheduler } from '../../../electron/core/jobs/poll-scheduler';
import { FakeJobService, sandboxStages } from '../../fixtures/fake-job-service';
import type { Stage } from '../../fixtures/fake-job-service';
import { FakeTime, seededRandom } from '../../fixtures/fake-time';
import type { BenchProject } from './bench-seed';
import { summarise } from './outcomes';
import type { Outcome } from './outcomes';

export interface SeedResult {
  seed: number;
  /** Requests ÷ what a keeping-up fixed 1 s poller sends (⌈duration / 1 s⌉ per job). */
  ratio: number;
  p95OfAllowance: number;
  /** Share of the jobs seen later than 0.8 of their allowance. */
  lateShare: number;
}

export interface SeedOptions {
  projects: readonly BenchProject[];
  /** Coefficient of variation of the log-normal run times (the sandbox's durationSpread). */
  spread: number;
  warmUpPerProject: number;
  warmUpMinPerKey: number;
  /** Durations per project known beforehand, as the app loads them from its history (default none). */
  historyPerProject?: number;
  jobs: number;
  /** Jobs created per second in the measured wave. */
  createPerSecond: number;
  /** Every answer comes after this long. */
  latencyMs: number;
  /** When each job's states begin (default: as the sandbox's worker moves them). */
  stagesOf?: (durationMs: number, random: () => number) => Stage[];
}

const noListener = { onRecord: () => undefined, onLost: () => undefined, onError: () => undefined };

export async function runSeed(seed: number, options: SeedOptions): Promise<SeedResult> {
  const random = seededRandom(seed);
  const sigma = Math.sqrt(Math.log(1 + options.spread * options.spread));
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  // As the sandbox draws them: log-normal with the project's mean.
  const draw = (meanMs: number) => Math.round(Math.exp(Math.log(meanMs) - sigma ** 2 / 2 + sigma * normal()));
  const time = new FakeTime();
  const service = new FakeJobService(time);
  service.setScript(() => ({ delayMs: options.latencyMs }));
  const durations = new DurationModel();
  const scheduler = (offset: number) =>
    new PollScheduler({
      clock: time,
      timers: time,
      random: seededRandom(seed * 31 + offset),
      durations,
      fetchJob: service.fetchJob,
      listener: noListener,
      rate: { initialPerSecond: 1000, maxPerSecond: 1000, slowStart: false },
    });
  const stagesOf = options.stagesOf ?? sandboxStages;
  const create = (project: BenchProject) => {
    const durationMs = draw(project.meanMs);
    const stages = stagesOf(durationMs, random);
    return service.create(durationMs, { projectId: project.projectId, jobType: project.jobType, stages });
  };

  for (const project of options.projects) {
    for (let index = 0; index < (options.historyPerProject ?? 0); index += 1) {
      durations.record(project, draw(project.meanMs));
    }
  }
  const warm = scheduler(1);
  for (let round = 0; round < options.warmUpPerProject; round += 1) {
    for (const project of options.projects) warm.add(create(project));
  }
  const learned = () =>
    options.projects.every((project) => durations.count(project) >= options.warmUpMinPerKey);
  await time.until(learned, 30 * 60_000, 250);

  const wave = scheduler(2);
  const uuids = new Set<string>();
  const stepMs = 1000 / options.createPerSecond;
  for (let index = 0; index < options.jobs; index += 1) {
    const target = create(options.projects[index % options.projects.length]!);
    uuids.add(target.uuid);
    wave.add(target);
    await time.advance(stepMs);
  }
  await time.until(() => wave.size === 0, 60 * 60_000, 1000);
  warm.dispose();
  wave.dispose();

  const outcomes: Outcome[] = [...uuids].map((uuid) => {
    const job = service.jobs.get(uuid)!;
    return { lagMs: service.detectedAt.get(uuid)! - job.finishAt, durationMs: job.finishAt - job.createdAt };
  });
  const requests = service.calls.filter((call) => uuids.has(call.uuid)).length;
  const nominal = outcomes.reduce(
    (sum, outcome) => sum + Math.max(1, Math.ceil(outcome.durationMs / 1000)),
    0,
  );
  const late = outcomes.filter((outcome) => outcome.lagMs > 0.8 * Math.max(1000, 0.1 * outcome.durationMs));
  return {
    seed,
    ratio: requests / nominal,
    p95OfAllowance: summarise(outcomes).p95OfAllowance,
    lateShare: late.length / outcomes.length,
  };
}
