// A JRS_BASE_URL batch running while the desktop app opens on the same history: jrs holds the history's
// lease and does the work; the app, a guest, must not set the run's account's jobs aside (it does not know
// that account) while jrs still sends them. The batch ends whole.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { CapturedStream, cliWorld, jrs, type CliWorld } from './cli-harness';

let remote: RunningSandbox;
let world: CliWorld;
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50, slowMs: 400 }) });
  world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) } });
  world.env['JRS_BASE_URL'] = remote.url;
  world.env['JRS_API_KEY'] = KEY_A;
});
afterAll(async () => {
  world.remove();
  await remote.close();
});

it('goes on sending and finishes while the app opens beside it as a guest', async () => {
  const rows = Array.from({ length: 12 }, (_, row) => `Row ${row}`);
  await writeFile(join(world.dir, 'twelve.csv'), `Headline\n${rows.join('\n')}\n`);
  // Each request takes a while, so rows are still waiting to be sent when the app opens.
  remote.faults.set({ latencyMs: 80 });
  const stdout = new CapturedStream();
  const running = jrs(world, ['batch', 'Slow render', '--sheet', 'twelve.csv', '--yes', '--json'], {
    stdout,
  });
  await stdout.until(/"type":"batch"/);
  const app = await createAppCore({
    dataDir: world.dataDir,
    downloadsDir: world.downloadsDir,
    secrets: world.secrets,
    sandbox: { start: () => Promise.reject(new Error('not in this test')) },
  });
  try {
    expect(app.isHistoryOwner()).toBe(false);
    const result = await running;
    expect(result.code).toBe(EXIT.ok);
    expect(result.json.at(-1)).toMatchObject({ type: 'summary', rows: 12, submitted: 12, succeeded: 12 });
  } finally {
    await app.dispose();
    remote.faults.reset();
  }
}, 30_000);
