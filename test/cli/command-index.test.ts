// The command index that `jrs --help` is drawn from (without loading the commands) says what the commands
// themselves say: every top-level command a module defines is in it, under the same term and summary.
import { Readable } from 'node:stream';
import type { Command } from 'commander';
import { Help } from 'commander';
import { expect, it } from 'vitest';
import { CliRun } from '../../electron/cli/cli-run';
import { COMMANDS, commandAskedFor } from '../../electron/cli/command-index';
import { CapturedStream } from './cli-harness';

function cliRun(): CliRun {
  return new CliRun({
    stdin: Readable.from([]),
    stdout: new CapturedStream(),
    stderr: new CapturedStream(),
    env: { NO_COLOR: '1' },
  });
}

it('lists each command its module defines, with the module’s own term and description', async () => {
  const help = new Help();
  const defined = new Map<string, Command>();
  for (const entry of COMMANDS)
    for (const command of await entry.load(cliRun())) defined.set(command.name(), command);
  expect([...defined.keys()].sort()).toEqual(COMMANDS.map((entry) => entry.name).sort());
  for (const entry of COMMANDS) {
    const command = defined.get(entry.name)!;
    expect(help.subcommandTerm(command), entry.name).toBe(entry.term);
    expect(command.description(), entry.name).toBe(entry.summary);
  }
});

it('finds the command a run asks for past the global options, and through help', () => {
  expect(commandAskedFor(['--json', '--verbose', 'jobs', '--limit', '3'])?.name).toBe('jobs');
  expect(commandAskedFor(['help', 'batch'])?.name).toBe('batch');
  expect(commandAskedFor(['--help'])).toBeNull();
  expect(commandAskedFor(['nonsense'])).toBeNull();
});
