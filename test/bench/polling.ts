// `npm run bench:polling`: the adaptive poll scheduler against fixed 1 s and 5 s pollers on the real
// sandbox (child processes), then under a per-key rate limit, then with 10,000 open jobs. Exits 0.
import { cpus, loadavg } from 'node:os';
import { DurationModel } from '../../electron/core/jobs/durations';
import { DURATION_CV, benchProjects, benchSeed, writeSeed } from './polling/bench-seed';
import { runSeed } from './polling/fake-time-seeds';
import type { SeedResult } from './polling/fake-time-seeds';
import { adaptiveWave } from './polling/main-wave';
import type { MainWaveResult } from './polling/main-wave';
import { rateLimitedRun } from './polling/rate-limited-run';
import { print } from './polling/report';
import { runChild } from './polling/run-child';
import { startSandboxProcess } from './polling/sandbox-process';
import type { SandboxProcess } from './polling/sandbox-process';
import { tenThousand } from './polling/ten-thousand';
import { startWarmUp } from './polling/warm-up';

const KEYS = {
  adaptive: 'bench-key-adaptive-0001',
  fixed1s: 'bench-key-fixed-1s-0002',
  fixed5s: 'bench-key-fixed-5s-0003',
  limited: 'bench-key-limited-0004',
  open: 'bench-key-open-jobs-0005',
};
/** Mean run times 16–72 s, so that the whole bench stays under 5 minutes. */
const DURATION_SCALE = 0.8;
const JOBS_PER_POLLER = 1000;
const WARM_UP_PER_PROJECT = 6;
/** The measured wave starts once every key has this many learned durations (the model's minimum). */
const WARM_UP_MIN_PER_KEY = 3;
const LIMIT_PER_SECOND = 20;
const LIMITED_PER_PROJECT = 30;
const OPEN_JOBS = 10_000;
const OPEN_WINDOW_MS = 30_000;
/** Answers of the 10,000-job sandbox are delayed this much, so that requests really overlap in flight. */
const OPEN_LATENCY_MS = 40;
/** The fake-time replay's pace of creation and answer time (the real wave creates ~100–200 jobs/s). */
const FAKE_CREATE_PER_SECOND = 150;
const FAKE_LATENCY_MS = 10;
/** Seeds of the fake-time replay of the scenario (`JRS_BENCH_SEEDS=n`). */
const SEEDS = Math.max(1, Number(process.env['JRS_BENCH_SEEDS'] ?? 20) || 20);
/** And of the replay with durations known from a history of this many jobs per project. */
const KNOWN_SEEDS = Math.max(1, Math.ceil(SEEDS / 4));
const HISTORY_PER_PROJECT = 100;

async function start(
  name: string,
  keys: string[],
  scale: number,
  flags: string[] = [],
): Promise<SandboxProcess> {
  return startSandboxProcess(writeSeed(name, benchSeed(keys, benchProjects(scale))), flags);
}

async function main(): Promise<void> {
  const started = Date.now();
  const projects = benchProjects(DURATION_SCALE);
  const means = projects.map((project) => `${project.jobType} ${project.meanMs / 1000} s`).join(', ');
  console.log(
    'Polling benchmark: adaptive PollScheduler vs fixed 1 s and 5 s pollers, real sandbox, real time',
  );
  console.log(`Projects (one per job type; mean run time, log-normal CV ${DURATION_CV}): ${means}`);
  const sandboxes: SandboxProcess[] = [];
  const load: number[] = [loadavg()[0] ?? 0];
  try {
    // Each poller has its own sandbox process; the fixed pollers also their own Node process.
    const openProject = { ...projects[5]!, meanMs: 1_800_000 };
    const openBox = await startSandboxProcess(writeSeed('open', benchSeed([KEYS.open], [openProject], 0)), [
      '--latency',
      String(OPEN_LATENCY_MS),
    ]);
    const adaptiveBox = await start('adaptive', [KEYS.adaptive], DURATION_SCALE);
    const fixedBox = await start('fixed', [KEYS.fixed1s, KEYS.fixed5s], DURATION_SCALE);
    const limitedBox = await start('limited', [KEYS.limited], DURATION_SCALE, [
      '--rate-limit-per-key',
      String(LIMIT_PER_SECOND),
    ]);
    sandboxes.push(openBox, adaptiveBox, fixedBox, limitedBox);

    // The warm-up is light (42 jobs), so it shares the 10,000-job window rather than add a minute.
    console.log(`\n[1/2] ${OPEN_JOBS} open jobs, and the warm-up wave …`);
    const durations = new DurationModel();
    const warmUp = startWarmUp(
      adaptiveBox.url,
      KEYS.adaptive,
      projects,
      durations,
      WARM_UP_PER_PROJECT,
      WARM_UP_MIN_PER_KEY,
    );
    const open = await tenThousand(
      openBox.url,
      openBox.port,
      KEYS.open,
      openProject,
      OPEN_JOBS,
      OPEN_WINDOW_MS,
    );
    open.latencyMs = OPEN_LATENCY_MS;
    await openBox.stop();
    const warm = await warmUp.ready;
    load.push(loadavg()[0] ?? 0);

    console.log(
      `[2/2] the three pollers' waves (${JOBS_PER_POLLER} jobs each) and the rate-limited run, at once …`,
    );
    const [adaptive, fixed, limited] = await Promise.all([
      adaptiveWave(adaptiveBox.url, KEYS.adaptive, projects, durations, JOBS_PER_POLLER),
      runChild<MainWaveResult>('fixed-pollers-child.ts', [
        fixedBox.url,
        KEYS.fixed1s,
        KEYS.fixed5s,
        JSON.stringify(projects),
        String(JOBS_PER_POLLER),
      ]),
      rateLimitedRun(
        limitedBox.url,
        KEYS.limited,
        benchProjects(DURATION_SCALE),
        LIMITED_PER_PROJECT,
        LIMIT_PER_SECOND,
      ),
    ]);
    warmUp.stop();
    load.push(loadavg()[0] ?? 0);

    // After the real-time parts, so that its CPU does not delay their timers.
    console.log(`[3/3] the same scenario on fake time, ${SEEDS} seeds …`);
    const scenario = {
      projects,
      spread: DURATION_CV,
      warmUpPerProject: WARM_UP_PER_PROJECT,
      warmUpMinPerKey: WARM_UP_MIN_PER_KEY,
      jobs: JOBS_PER_POLLER,
      createPerSecond: FAKE_CREATE_PER_SECOND,
      latencyMs: FAKE_LATENCY_MS,
    };
    const seeds: SeedResult[] = [];
    for (let seed = 1; seed <= SEEDS; seed += 1) seeds.push(await runSeed(seed, scenario));
    // The app's usual state: its history has taught the model (figures only; the goals are the cold start's).
    const known: SeedResult[] = [];
    for (let seed = 1; seed <= KNOWN_SEEDS; seed += 1) {
      known.push(await runSeed(1000 + seed, { ...scenario, historyPerProject: HISTORY_PER_PROJECT }));
    }
    // The same on a service whose states say nothing of a job's end: what the durations alone give.
    const blind: SeedResult[] = [];
    for (let seed = 1; seed <= KNOWN_SEEDS; seed += 1) {
      blind.push(await runSeed(2000 + seed, { ...scenario, stagesOf: () => [] }));
    }
    console.log(
      `\nMachine: ${cpus().length} cores shared with other work; 1-minute load average ` +
        `${load.map((value) => value.toFixed(1)).join(' → ')} (start, after part 1, after part 2).`,
    );
    print({ warm, adaptive, fixed, limited, open, seeds, known, blind });
    console.log(`\n(bench ran ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    await Promise.all(sandboxes.map((box) => box.stop()));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`The polling benchmark could not run: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
