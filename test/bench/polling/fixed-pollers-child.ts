// Child process of the comparison: the fixed 1 s and 5 s pollers' wave, in its own event loop against
// its own sandbox, so that its 1,000+ requests per second do not delay the adaptive scheduler's timers.
import type { BenchProject } from './bench-seed';
import { fixedWave } from './main-wave';

async function main(): Promise<void> {
  const [url, fixed1s, fixed5s, projectsJson, jobs] = process.argv.slice(2);
  if (!url || !fixed1s || !fixed5s || !projectsJson || !jobs) {
    throw new Error('usage: url fixed1sKey fixed5sKey projectsJson jobsPerPoller');
  }
  const projects = JSON.parse(projectsJson) as BenchProject[];
  const result = await fixedWave(url, { fixed1s, fixed5s }, projects, Number(jobs));
  process.stdout.write(JSON.stringify(result));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
