// The `jrs` command tree (commander): every command, the global options, and help and errors written to
// the run's own streams, so that a test runs it in-process exactly as a terminal does.
import { Command } from 'commander';
import type { CliRun } from './cli-run';
import { accountsCommand } from './commands/accounts';
import { batchCommand } from './commands/batch';
import { downloadCommand } from './commands/download';
import { exportCommand } from './commands/export';
import { jobsCommand } from './commands/jobs';
import { projectsCommands } from './commands/projects';
import { requeueCommand } from './commands/requeue';
import { sandboxCommand } from './commands/sandbox';
import { serveCommand } from './commands/serve';
import { submitCommand } from './commands/submit';
import { trackCommand } from './commands/track';
import { unknownOutcomeCommands } from './commands/unknown-outcome';

const HELP_HINT = '(see "jrs --help", or "jrs <command> --help")';

const EPILOG = `
Environment:
  JRS_BASE_URL, JRS_API_KEY   work on this account for one run (its key never saved)
  JRS_DATA_DIR                keep the history and settings in this folder (default: the app's)
  NO_COLOR                    no colours

Exit codes: 0 ok, 1 error, 2 bad arguments, 3 no account or key refused, 4 some jobs failed,
130 stopped with Ctrl-C (run the same command again to go on).`;

export function buildProgram(run: CliRun): Command {
  const program = new Command('jrs')
    .description('Job Rendering Studio on the command line: the app’s own history, settings and keychain.')
    .option('--json', 'one JSON object per line on stdout, for scripts')
    .option('--verbose', 'say what the app core logs')
    .showHelpAfterError(HELP_HINT)
    .showSuggestionAfterError()
    .addHelpText('after', EPILOG);
  const commands = [
    accountsCommand(run),
    ...projectsCommands(run),
    submitCommand(run),
    batchCommand(run),
    jobsCommand(run),
    trackCommand(run),
    requeueCommand(run),
    ...unknownOutcomeCommands(run),
    downloadCommand(run),
    exportCommand(run),
    sandboxCommand(run),
    serveCommand(run),
  ];
  for (const command of commands) program.addCommand(command);
  // In-process: nothing exits the process, and everything commander says goes to the run's streams.
  const configure = (command: Command) => {
    command.exitOverride();
    command.configureOutput({
      writeOut: (text) => run.io.stdout.write(text),
      writeErr: (text) => run.io.stderr.write(text),
      outputError: (text, write) => write(run.out.err.red(text)),
    });
    if (command !== program) command.showHelpAfterError(HELP_HINT);
    for (const sub of command.commands) configure(sub);
  };
  configure(program);
  return program;
}
