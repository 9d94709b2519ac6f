// The `jrs` command tree (commander): every command, the global options, and help and errors written to
// the run's own streams, so that a test runs it in-process exactly as a terminal does.
import { Command, Help } from 'commander';
import type { CliRun } from './cli-run';
import { COMMANDS, commandAskedFor } from './command-index';
import { packageVersion } from '../node-shared/package-root';

const HELP_HINT = '(see "jrs --help", or "jrs <command> --help")';

const EPILOG = `
Environment:
  JRS_BASE_URL, JRS_API_KEY   work on this account for one run (its key never saved)
  JRS_DATA_DIR                keep the history and settings in this folder (default: the app's)
  JRS_DATABASE_URL            the team database for one run (never saved; see jrs team)
  NO_COLOR                    no colours

Exit codes: 0 ok, 1 error, 2 bad arguments, 3 no account or key refused (or the team database's sign-in),
4 some jobs failed, 130 stopped with Ctrl-C (run the same command again to go on).`;

/**
 * The command tree for this run: the command `argv` asks for is loaded whole (its module, its options and
 * subcommands); every other is only its name and summary, which is all `jrs --help` shows of it.
 */
export async function buildProgram(run: CliRun, argv: readonly string[]): Promise<Command> {
  const asked = commandAskedFor(argv);
  const program = new Command('jrs')
    .description('Job Rendering Studio on the command line: the app’s own history, settings and keychain.')
    .version(packageVersion(), '-V, --version', 'the version of jrs')
    .option('--json', 'one JSON object per line on stdout, for scripts')
    .option('--verbose', 'say what the app core logs')
    .showHelpAfterError(HELP_HINT)
    .showSuggestionAfterError()
    .addHelpText('after', EPILOG);
  const loaded = asked ? await asked.load(run) : [];
  const terms = new Map(COMMANDS.map((entry) => [entry.name, entry.term]));
  for (const entry of COMMANDS) {
    const real = loaded.find((command) => command.name() === entry.name);
    program.addCommand(real ?? new Command(entry.name).description(entry.summary));
  }
  // The list shows each command's term from the index, the same whether its module is loaded or not.
  const help = new Help();
  program.configureHelp({
    subcommandTerm: (command) =>
      (command.parent === program ? terms.get(command.name()) : undefined) ?? help.subcommandTerm(command),
  });
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
