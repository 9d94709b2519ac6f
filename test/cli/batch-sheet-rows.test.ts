// Issue 17 item 5 in the CLI: `jrs batch --json` names each row by its number in the sheet (`sheetRow`, the
// header being row 1, blank lines counted), as the spreadsheet, the preview and the batch view do; `row`
// stays the index it always was.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, records, type CliWorld } from './cli-harness';

let remote: RunningSandbox;
let world: CliWorld;
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
});
afterAll(() => remote.close());
beforeEach(() => {
  world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) } });
  world.env['JRS_BASE_URL'] = remote.url;
  world.env['JRS_API_KEY'] = KEY_A;
});
afterEach(() => world.remove());

it('says each row’s number in the sheet, blank lines and left-out rows counted', async () => {
  await writeFile(
    join(world.dir, 'people.csv'),
    'Name,Headline,Photo\nAna,Olá,https://example.com/a.png\n\nBen,Hi,http://example.com/b.png\nCy,Hey,https://example.com/c.png\n',
  );
  const result = await jrs(world, ['batch', IDS.image, '--sheet', 'people.csv', '--yes', '--json']);
  expect(result.code).toBe(EXIT.ok);
  const rows = records(result, 'row').sort((a, b) => Number(a['row']) - Number(b['row']));
  expect(rows.map((row) => [row['row'], row['sheetRow']])).toEqual([
    [0, 2],
    [2, 5],
  ]);
});

it('says which rows it left out as notes, by their numbers in the sheet, and sends the others', async () => {
  await writeFile(
    join(world.dir, 'noted.csv'),
    'Name,Headline,Photo\nAna,Olá,https://example.com/a.png\n# 1 seller,Hi,https://example.com/b.png\n',
  );
  const result = await jrs(world, ['batch', IDS.image, '--sheet', 'noted.csv', '--yes', '--json']);
  expect(result.code).toBe(EXIT.ok);
  expect(result.stderr).toContain(
    'Row 3 is a note (its first cell starts with “# ”), not a job: remove the “# ” to send it.',
  );
  expect(records(result, 'row').map((row) => row['sheetRow'])).toEqual([2]);
});
