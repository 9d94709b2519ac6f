// Writes PNGs of every main screen, in the light and the dark theme, to test/screenshots/: builds the
// renderer, then runs the Playwright screenshot tour (test/e2e/screenshots.spec.ts) through the e2e harness.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(resolve(root, 'test/screenshots'), { recursive: true });

function run(args, env = {}) {
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(['electron-vite', 'build']);
run(['playwright', 'test', 'screenshots.spec.ts', ...process.argv.slice(2)], {
  JRS_SCREENSHOTS: '1',
  JRS_E2E_SKIP_BUILD: '1',
});
console.log(`Screenshots written to ${resolve(root, 'test/screenshots')}`);
