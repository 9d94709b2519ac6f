// The benchmark's printout: a table per part, then one `target …` line per goal (DESIGN.md's convention).
import type { MainWaveResult, PollerResult } from './main-wave';
import { quantile, summarise } from './outcomes';
import type { SeedResult } from './fake-time-seeds';
import type { RateLimitedResult } from './rate-limited-run';
import type { TenThousandResult } from './ten-thousand';
import type { WarmUpResult } from './warm-up';
import { table, target } from '../report-lines';

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');
const percent = (share: number, digits = 1) =>
  Number.isFinite(share) ? `${(share * 100).toFixed(digits)} %` : 'n/a';
const times = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'n/a');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Requests a fixed 1 s poller that keeps up sends for these jobs: one per started second of each run. */
function nominalFixed1s(poller: PollerResult): number {
  const total = poller.outcomes.reduce(
    (sum, outcome) => sum + Math.max(1, Math.ceil(outcome.durationMs / 1000)),
    0,
  );
  return total / Math.max(1, poller.outcomes.length);
}

export interface Report {
  warm: WarmUpResult;
  adaptive: MainWaveResult;
  fixed: MainWaveResult;
  limited: RateLimitedResult;
  open: TenThousandResult;
  /** The scenario replayed on fake time, one result per seed. */
  seeds: SeedResult[];
  /** The same with 100 durations per project known from a history (the app's usual state). */
  known: SeedResult[];
  /** The same with a service whose states say nothing of the end (the durations alone). */
  blind: SeedResult[];
}

export function print(report: Report): void {
  const { warm, limited, open } = report;
  const pollers = [...report.adaptive.pollers, ...report.fixed.pollers];
  console.log(
    `\nWarm-up: ${warm.jobs} jobs (${warm.jobs / 7} per project) polled by the adaptive scheduler, which learned ` +
      `each duration as its job finished: after ${warm.seconds.toFixed(0)} s (${warm.finished} finished) its model ` +
      `held ${warm.samples} samples over ${warm.keys} keys and the measured wave started; the stragglers kept ` +
      `teaching it, and so did the wave's own jobs.`,
  );
  console.log(
    `\nMain waves, all at once: ${pollers[0]?.jobs ?? 0} jobs per poller, each poller on its own key and sandbox ` +
      `process, the fixed pollers in a Node process of their own (adaptive ${report.adaptive.seconds.toFixed(0)} s, ` +
      `fixed ${report.fixed.seconds.toFixed(0)} s)\n`,
  );
  const base = pollers.find((poller) => poller.name === 'fixed 1 s');
  const baseLag = base ? summarise(base.outcomes) : undefined;
  const perJob = (poller: PollerResult) => poller.requests / poller.jobs;
  const rows = pollers.map((poller) => {
    const lag = summarise(poller.outcomes);
    return [
      poller.name,
      `${poller.finished}/${poller.jobs}`,
      perJob(poller).toFixed(1),
      String(poller.peakPerSecond),
      seconds(lag.p50Ms),
      seconds(lag.p95Ms),
      percent(lag.p50Share),
      percent(lag.p95Share),
      lag.p95OfAllowance.toFixed(2),
      base ? times(perJob(poller) / perJob(base)) : 'n/a',
      base ? times(poller.peakPerSecond / base.peakPerSecond) : 'n/a',
      baseLag ? times(lag.p95Ms / baseLag.p95Ms) : 'n/a',
    ];
  });
  console.log(
    table(
      [
        'poller',
        'final',
        'req/job',
        'peak req/s',
        'lag p50',
        'lag p95',
        'lag/dur p50',
        'lag/dur p95',
        'p95 lag/allowance',
        'req/job vs 1 s',
        'peak vs 1 s',
        'p95 lag vs 1 s',
      ],
      rows,
    ),
  );
  console.log(
    '(lag: from the final updated_at to the moment the poller knew; allowance: max(1 s, 10 % of the duration))',
  );
  const adaptive = pollers.find((poller) => poller.name === 'adaptive');
  const nominal = adaptive ? nominalFixed1s(adaptive) : Number.NaN;
  const ratio = adaptive ? perJob(adaptive) / nominal : Number.NaN;
  if (adaptive && base) {
    console.log(
      `A fixed 1 s poller that keeps up sends ⌈duration / 1 s⌉ requests per job: ${nominal.toFixed(1)} for the ` +
        `adaptive wave's jobs, of which the adaptive scheduler sent ${times(ratio)}. The measured fixed 1 s ` +
        `poller sent ${times(perJob(base) / nominalFixed1s(base))} of its own jobs' ⌈duration⌉ (below 1× it fell ` +
        `behind on this machine, which flatters the "vs 1 s" column).`,
    );
  }

  const timing = report.adaptive.timing;
  if (timing) {
    const ms = (values: number[], q: number) => `${quantile(values, q).toFixed(0)} ms`;
    console.log(
      `Real time's share of the adaptive wave's lag: requests left ${ms(timing.sendLateMs, 0.5)} after their plan ` +
        `at p50, ${ms(timing.sendLateMs, 0.95)} at p95, ${ms(timing.sendLateMs, 1)} at most; round trips ` +
        `${ms(timing.roundTripMs, 0.5)} / ${ms(timing.roundTripMs, 0.95)} / ${ms(timing.roundTripMs, 1)}. ` +
        `${timing.late} jobs seen later than 0.8 of their allowance, ${timing.lateAtFirstPoll} of them at their first poll.`,
    );
  }

  const limitedShare = limited.rateLimited / Math.max(1, limited.requests);
  console.log(
    `\nRate-limited key: the sandbox allows ${limited.limitPerSecond} requests per second per key\n`,
  );
  console.log(
    table(
      ['jobs final', 'requests', '429 answers', '429 share', 'rate at end', 'run'],
      [
        [
          `${limited.finished}/${limited.jobs}`,
          String(limited.requests),
          String(limited.rateLimited),
          percent(limitedShare, 2),
          `${limited.finalRatePerSecond.toFixed(1)}/s`,
          `${limited.seconds.toFixed(0)} s`,
        ],
      ],
    ),
  );

  console.log(
    `\n${open.jobs.toLocaleString('en')} open jobs on one scheduler (30-minute runs, no learned durations), ${open.windowSeconds.toFixed(0)} s window; sandbox in a child process answering after ${open.latencyMs} ms; the warm-up's 42 jobs were polled beside it\n`,
  );
  console.log(
    table(
      [
        'sockets to sandbox (max)',
        'TCP handles (max)',
        'in flight (max)',
        'requests',
        'req/s',
        'RSS (max)',
        'RSS before jobs',
        'heap used',
        'CPU',
      ],
      [
        [
          open.maxSockets === null ? 'n/a' : String(open.maxSockets),
          String(open.maxTcpHandles),
          String(open.maxInFlight),
          String(open.requests),
          (open.requests / open.windowSeconds).toFixed(0),
          mb(open.maxRssBytes),
          mb(open.baselineRssBytes),
          mb(open.heapUsedBytes),
          `${(open.cpuShareOfCore * 100).toFixed(0)} % of a core`,
        ],
      ],
    ),
  );

  const { seeds } = report;
  console.log(
    `\nThe same scenario on fake time (the real scheduler, a stand-in service answering after 10 ms and moving its jobs through their states as the sandbox does), ${seeds.length} seeds: the spread the run times' draws alone give\n`,
  );
  console.log(
    table(
      ['seed', 'req vs fixed 1 s', 'p95 lag/allowance', 'seen later than 0.8 of it', 'both goals'],
      seeds.map((seed) => [
        String(seed.seed),
        times(seed.ratio),
        seed.p95OfAllowance.toFixed(2),
        percent(seed.lateShare),
        seed.ratio <= 0.2 && seed.p95OfAllowance <= 0.8 ? 'met' : 'missed',
      ]),
    ),
  );
  const worstRatio = Math.max(...seeds.map((seed) => seed.ratio));
  const worstLag = Math.max(...seeds.map((seed) => seed.p95OfAllowance));
  const bothMet = seeds.filter((seed) => seed.ratio <= 0.2 && seed.p95OfAllowance <= 0.8).length;
  const mean = (values: number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  console.log(
    `mean ${times(mean(seeds.map((seed) => seed.ratio)))} and ${mean(seeds.map((seed) => seed.p95OfAllowance)).toFixed(2)} of the allowance; both goals met in ${bothMet} of ${seeds.length} seeds`,
  );

  const { known } = report;
  const pair = (seed: SeedResult) => `${times(seed.ratio)} / ${seed.p95OfAllowance.toFixed(2)}`;
  console.log(
    `With 100 durations per project known from the history (as the app starts after a while), ${known.length} seeds: ` +
      known.map(pair).join(', ') +
      ` (requests vs fixed 1 s / p95 lag of the allowance); both goals met in ${known.filter((seed) => seed.ratio <= 0.2 && seed.p95OfAllowance <= 0.8).length}`,
  );

  const { blind } = report;
  console.log(
    `With a service whose states say nothing of a job's end (the durations alone), ${blind.length} seeds: ` +
      blind.map(pair).join(', ') +
      `; both goals met in ${blind.filter((seed) => seed.ratio <= 0.2 && seed.p95OfAllowance <= 0.8).length}`,
  );

  const lag = adaptive ? summarise(adaptive.outcomes) : undefined;
  const sockets = open.maxSockets ?? open.maxTcpHandles;
  console.log('');
  // Issue 20: both at once, in one run: a fifth of a keeping-up 1 s poller's requests, and at the 95th
  // percentile the end seen within 0.8 of the allowance (max(1 s, 10 % of the duration)).
  console.log(target('requests-vs-fixed-1s', times(ratio), '≤ 0.2×', ratio <= 0.2));
  console.log(
    target(
      'p95-lag',
      lag
        ? `${lag.p95OfAllowance.toFixed(2)} of the allowance at p95 (p95 ${seconds(lag.p95Ms)}, ${percent(lag.p95Share)} of duration)`
        : 'n/a',
      '≤ 0.8 of max(1 s, 10 % of duration)',
      lag !== undefined && lag.p95OfAllowance <= 0.8,
    ),
  );
  console.log(
    target(
      'requests-vs-fixed-1s-worst-seed',
      `${times(worstRatio)} (fake time, ${seeds.length} seeds)`,
      '≤ 0.2×',
      worstRatio <= 0.2,
    ),
  );
  console.log(
    target(
      'p95-lag-worst-seed',
      `${worstLag.toFixed(2)} of the allowance (fake time, ${seeds.length} seeds)`,
      '≤ 0.8',
      worstLag <= 0.8,
    ),
  );
  console.log(target('429-share', percent(limitedShare, 2), '< 1 %', limitedShare < 0.01));
  console.log(
    target(
      'rate-limited-all-final',
      `${limited.finished}/${limited.jobs}`,
      'all',
      limited.finished === limited.jobs,
    ),
  );
  console.log(target('sockets-at-10k', String(sockets), '≤ 16', sockets <= 16));
  console.log(target('in-flight-at-10k', String(open.maxInFlight), '≤ 16', open.maxInFlight <= 16));
  console.log(target('rss-at-10k', mb(open.maxRssBytes), '≤ 300 MB', open.maxRssBytes <= 300 * 1024 * 1024));
}
