// Where `jrs batch` saves its files, said on stderr as the run starts: the --download folder, or the
// account's automatic download folder and name template (files saved there without --download), or that
// --no-download saves nothing (the jobs are still sent and followed). In-process against the real sandbox.
import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { DEFAULT_TEMPLATE } from '../../electron/core/downloads/name-template';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, type CliWorld } from './cli-harness';

let remote: RunningSandbox;
let world: CliWorld;
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
});
afterAll(() => remote.close());
beforeEach(async () => {
  world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) } });
  world.env['JRS_BASE_URL'] = remote.url;
  world.env['JRS_API_KEY'] = KEY_A;
  await writeFile(join(world.dir, 'short.csv'), 'Headline\nOne\nTwo\n');
});
afterEach(() => world.remove());

const argv = ['batch', IDS.image, '--sheet', 'short.csv', '--yes', '--json'];
const filesIn = (folder: string): string[] =>
  existsSync(folder)
    ? readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

it('says, without --download, that the files go to the automatic download folder, and saves them there', async () => {
  const result = await jrs(world, argv);
  expect(result.code).toBe(EXIT.ok);
  expect(result.stderr).toContain(
    `Files will be saved in ${world.downloadsDir}, named ${DEFAULT_TEMPLATE} (the account’s automatic download)`,
  );
  expect(result.stderr).toContain('--no-download');
  expect(result.json.at(-1)).toMatchObject({ type: 'summary', succeeded: 2, downloaded: 2 });
  expect(filesIn(world.downloadsDir)).toHaveLength(2);
});

it('saves nothing with --no-download, and says so, while the jobs are still sent and followed', async () => {
  const before = remote.inspect.jobCount(KEY_A);
  const result = await jrs(world, [...argv, '--no-download']);
  expect(result.code).toBe(EXIT.ok);
  expect(result.stderr).toContain('Files will not be saved (--no-download)');
  expect(result.json.at(-1)).toMatchObject({ type: 'summary', submitted: 2, succeeded: 2, downloaded: 0 });
  expect(remote.inspect.jobCount(KEY_A)).toBe(before + 2);
  expect(filesIn(world.downloadsDir)).toEqual([]);
});

it('names the --download folder and the batch’s own template', async () => {
  const result = await jrs(world, [...argv, '--download', 'out', '--name', '{row.headline}.{ext}']);
  expect(result.code).toBe(EXIT.ok);
  expect(result.stderr).toContain(
    `Files will be saved in ${join(world.dir, 'out')}, named {row.headline}.{ext}.`,
  );
  expect(filesIn(join(world.dir, 'out')).sort()).toEqual(['One.png', 'Two.png']);
});
