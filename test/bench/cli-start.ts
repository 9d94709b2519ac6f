// How fast `jrs` starts, side by side with Node itself in the same run: `node -e 0`, then the built
// `jrs --version`, `jrs --help` (bin/jrs.mjs → out/cli/jrs.cjs) and `jrs jobs` on a history of 10,000
// finished jobs (its own data folder, the sandbox account), each started as a new process, in turn, many
// times; medians and ratios, then the `target` lines (goals: at most 2× `node -e 0` for --version and
// --help, 3× for `jrs jobs`, issue 20). Run `npm run build` first (npm run bench:cli does).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedHistory } from '../e2e/seed-history';
import { table, target } from './report-lines';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin', 'jrs.mjs');
const RUNS = Number(process.env['JRS_BENCH_RUNS'] ?? 21);

const JOBS = 10_000;

const commands: Record<string, string[]> = {
  'node -e 0': ['-e', '0'],
  'jrs --version': [BIN, '--version'],
  'jrs --help': [BIN, '--help'],
  [`jrs jobs (${JOBS.toLocaleString('en')} in the history)`]: [BIN, 'jobs'],
};

// A data folder of its own: the sandbox account (added by jrs itself, so the files are as jrs writes them),
// then 10,000 finished jobs written into its history.
const dataDir = mkdtempSync(join(tmpdir(), 'jrs-bench-cli-'));
const env = {
  ...process.env,
  JRS_DATA_DIR: dataDir,
  JRS_BASE_URL: '',
  JRS_API_KEY: '',
  JRS_DATABASE_URL: '',
};
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

function once(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    env,
  });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${result.stderr}`);
  return elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

if (!existsSync(join(ROOT, 'out', 'cli', 'jrs.cjs'))) {
  console.error('out/cli/jrs.cjs is missing: run `npm run build` first.');
  process.exit(1);
}
once([BIN, 'accounts', 'add', '--sandbox']);
const { activeId } = JSON.parse(readFileSync(join(dataDir, 'accounts.json'), 'utf8')) as { activeId: string };
seedHistory(dataDir, activeId, JOBS);
const listed = spawnSync(process.execPath, [BIN, '--json', 'jobs', '--limit', '1'], {
  env,
  encoding: 'utf8',
});
if (!listed.stdout.includes('"type":"job"')) throw new Error(`jrs jobs listed nothing: ${listed.stderr}`);

const times: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
// One warm-up of each (disk cache), then the runs interleaved so that a busy moment hits all alike.
for (const args of Object.values(commands)) once(args);
for (let run = 0; run < RUNS; run += 1)
  for (const [name, args] of Object.entries(commands)) times[name]!.push(once(args));

const base = median(times['node -e 0']!);
console.log(`jrs start, ${RUNS} runs each, interleaved (median, and ratio to node -e 0 in this run)\n`);
console.log(
  table(
    ['command', 'median', 'min', 'ratio'],
    Object.entries(times).map(([name, values]) => [
      name,
      `${median(values).toFixed(0)} ms`,
      `${Math.min(...values).toFixed(0)} ms`,
      (median(values) / base).toFixed(2),
    ]),
  ),
);
console.log('');
for (const [name, goal] of Object.entries(commands)
  .slice(1)
  .map(([name]) => [name, name.startsWith('jrs jobs') ? 3 : 2] as const)) {
  const ratio = median(times[name]!) / base;
  console.log(
    target(`${name} start vs node -e 0`, `${ratio.toFixed(2)}×`, `≤ ${goal.toFixed(2)}×`, ratio <= goal),
  );
}
