// `jrs serve`: the browser host started from the command line on the run's history, its address printed
// (with --json as a record), the token exchanged for the session cookie, and a clean stop on Ctrl-C.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';
import { CapturedStream, cliWorld, jrs, type CliWorld } from './cli-harness';

let world: CliWorld;
beforeEach(() => {
  world = cliWorld({ sandbox: testSandboxLauncher() });
});
afterEach(() => world.remove());

it('serves the app to a browser on this computer until Ctrl-C', async () => {
  // A built page of its own, so that the test does not depend on `npm run build`.
  const rendererDir = join(world.dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>served</title>');
  const stop = new AbortController();
  const stdout = new CapturedStream();
  const running = jrs(world, ['serve', '--port', '0', '--no-open', '--json'], {
    signal: stop.signal,
    stdout,
    rendererDir,
  });
  const ended = running.then((result) => new Error(`jrs serve ended (${result.code}): ${result.stderr}`));
  const first = await Promise.race([
    stdout.until(/"url":"(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)"/),
    ended,
  ]);
  if (first instanceof Error) throw first;
  const address = first[1]!;

  const exchanged = await fetch(address, { redirect: 'manual' });
  expect(exchanged.status).toBe(303);
  const cookie = exchanged.headers.get('set-cookie')!.split(';')[0]!;
  const page = await fetch(new URL('/', address), { headers: { cookie } });
  expect(await page.text()).toContain('<title>served</title>');
  expect((await fetch(new URL('/', address))).status).toBe(401);

  stop.abort();
  const result = await running;
  expect(result.code).toBe(EXIT.ok);
  await expect(fetch(new URL('/', address))).rejects.toThrow();
});
