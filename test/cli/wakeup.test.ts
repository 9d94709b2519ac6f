// A command waiting for the core's next change stays alive until it comes: the change feed's timer holds
// nothing open, and `jrs batch` used to end mid-wait (exit 13, its last rows never reported) when that timer
// was all that was left (found by bench:kills with connection resets).
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

it('keeps the process alive while it waits for a poke from an unreferenced timer', () => {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'test/fixtures/wakeup-child.ts')],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  expect(child.stderr).toBe('');
  expect(child.stdout).toBe('poked\n');
  expect(child.status).toBe(0);
});
