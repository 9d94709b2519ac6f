// How fast `jrs` starts, side by side with Node itself in the same run: `node -e 0`, then the built
// `jrs --version` and `jrs --help` (bin/jrs.mjs → out/cli/jrs.cjs), each started as a new process, in
// turn, many times; medians and ratios, then the `target` lines (goal: at most 2× `node -e 0`).
// Run `npm run build` first (npm run bench:cli does).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { table, target } from './report-lines';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin', 'jrs.mjs');
const RUNS = Number(process.env['JRS_BENCH_RUNS'] ?? 21);

const commands: Record<string, string[]> = {
  'node -e 0': ['-e', '0'],
  'jrs --version': [BIN, '--version'],
  'jrs --help': [BIN, '--help'],
};

function once(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
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
for (const name of ['jrs --version', 'jrs --help']) {
  const ratio = median(times[name]!) / base;
  console.log(target(`${name} start vs node -e 0`, `${ratio.toFixed(2)}×`, '≤ 2.00×', ratio <= 2));
}
