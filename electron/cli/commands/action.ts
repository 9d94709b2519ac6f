// Commander's action for a command: the run's output set from the global options (--json, --verbose),
// then the command's own work, whose answer (if any) is the run's exit code.
import type { Command } from 'commander';
import type { CliRun } from '../cli-run';
import type { ExitCode } from '../exit-codes';

export interface GlobalOptions {
  json?: boolean;
  verbose?: boolean;
}

export function action<A extends unknown[]>(
  run: CliRun,
  handler: (...args: A) => Promise<ExitCode> | Promise<void>,
): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    // Commander passes the arguments, the options, then the command itself.
    const command = args.at(-1) as Command;
    run.configure(command.optsWithGlobals<GlobalOptions>());
    const code = await handler(...(args.slice(0, -1) as A));
    if (code !== undefined) run.exitCode = code;
  };
}
