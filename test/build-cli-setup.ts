// Vitest's global set-up: tests that start `jrs` as a real process run bin/jrs.mjs, which loads the build
// in out/cli; it is built fresh here (under a second with esbuild), so a test never runs a stale build.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export default function buildCli(): void {
  execFileSync(process.execPath, [resolve(__dirname, '../scripts/build-cli.mjs')], {
    cwd: resolve(__dirname, '..'),
    stdio: 'inherit',
  });
}
