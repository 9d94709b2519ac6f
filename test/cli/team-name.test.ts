// `jrs team name [NAME]` (issue 19): shows the installation's name (the OS user and host by default), sets
// it (trimmed; a blank or multi-line one refused in words, exit 2, nothing saved), goes back to the default,
// and the app's core reads the same setting (what the job form records).
import { hostname, userInfo } from 'node:os';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { RECORDS } from '../../electron/cli/records/json-record';
import { cliWorld, jrs, records, withCore, type CliWorld } from './cli-harness';

let world: CliWorld;
beforeEach(() => {
  world = cliWorld();
});
afterEach(() => world.remove());

function defaultName(): string {
  try {
    return `${userInfo().username}@${hostname()}`;
  } catch {
    return hostname();
  }
}

it('shows, sets, refuses in words and resets the name on the team', async () => {
  const shown = await jrs(world, ['team', 'name']);
  expect(shown.code).toBe(EXIT.ok);
  expect(shown.stdout).toContain(
    `Your name on the team: ${defaultName()} (the default: this computer’s user and host)`,
  );

  const set = await jrs(world, ['team', 'name', '  Ada Lovelace ', '--json']);
  expect(set.code).toBe(EXIT.ok);
  const [record] = records(set, 'teamName');
  expect(RECORDS.teamName.parse(record)).toEqual({
    type: 'teamName',
    name: 'Ada Lovelace',
    defaultName: defaultName(),
    isDefault: false,
  });
  expect(await withCore(world, async (call) => (await call('team:name')).name)).toBe('Ada Lovelace');

  const blank = await jrs(world, ['team', 'name', '   ']);
  expect(blank.code).toBe(EXIT.usage);
  expect(blank.stderr).toContain('Type a name: it is shown on every job you submit.');
  const twoLines = await jrs(world, ['team', 'name', 'Ada\nLovelace']);
  expect(twoLines.code).toBe(EXIT.usage);
  expect(twoLines.stderr).toContain('The name cannot hold line breaks, tabs or other invisible characters.');
  expect((await jrs(world, ['team', 'name'])).stdout).toContain('Your name on the team: Ada Lovelace');

  const reset = await jrs(world, ['team', 'name', '--default']);
  expect(reset.stdout).toContain(`Your name on the team is now: ${defaultName()} (the default`);
});
