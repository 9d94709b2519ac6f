// Runs every test suite — Vitest (Node and jsdom) then Playwright (Chromium) — even when the first fails,
// and ends with one plain line "Tests: N passed, N failed, N skipped" over both, exiting non-zero on any
// failure. npm test runs it inside scripts/with-keyring.sh so keytar meets a real Secret Service.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

// Not test-results/: Playwright empties that folder when it starts.
const RESULTS = 'test-reports';
const VITEST_JSON = `${RESULTS}/vitest.json`;
const PLAYWRIGHT_JSON = `${RESULTS}/playwright.json`;
rmSync(VITEST_JSON, { force: true });
rmSync(PLAYWRIGHT_JSON, { force: true });
mkdirSync(RESULTS, { recursive: true });

function run(command, args, env = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_JSON}`,
]);
const playwrightStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON,
});

const vitest = readJson(VITEST_JSON);
const playwright = readJson(PLAYWRIGHT_JSON);
const counts = { passed: 0, failed: 0, skipped: 0 };
if (vitest) {
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
  counts.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (playwright?.stats) {
  counts.passed += playwright.stats.expected + playwright.stats.flaky;
  counts.failed += playwright.stats.unexpected;
  counts.skipped += playwright.stats.skipped;
}
// A suite that crashed before writing its report counts as a failure, so a broken run never looks green.
if (!vitest) counts.failed += 1;
if (!playwright) counts.failed += 1;

console.log(`\nVitest exit ${vitestStatus}, Playwright exit ${playwrightStatus}`);
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(
  vitestStatus === 0 && playwrightStatus === 0 && counts.failed === 0 && counts.passed > 0 ? 0 : 1,
);
