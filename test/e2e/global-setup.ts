// Before the e2e suite: makes sure out/renderer holds a build of the current src/ (the harness serves the
// BUILT renderer), running `electron-vite build` when it is missing or older than the sources; and builds
// jrs into out/cli (under a second), which the tests that install or run the command line use.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export default function globalSetup(): void {
  execFileSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { cwd: root, stdio: 'inherit' });
  const built = join(root, 'out/renderer/index.html');
  const sources = Math.max(newestMtime(join(root, 'src')), newestMtime(join(root, 'electron/shared')));
  if (process.env['JRS_E2E_SKIP_BUILD'] && existsSync(built)) return;
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('e2e: building the renderer (npx electron-vite build)…');
  execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
}
