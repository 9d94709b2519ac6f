// The `jrs` command line: `run(argv, io)` runs one command in-process (tests call it with fake streams and
// their own keychain); at the bottom, the process's runner (bin/jrs.mjs, `npm run cli`, or
// `node --import tsx electron/cli/main.ts`) gives it the real ones and turns Ctrl-C into a clean stop.
import { CommanderError } from 'commander';
import { AppError } from '../core/kernel/app-error';
import { CliError, Interrupted } from './cli-error';
import type { CliIo } from './cli-io';
import { CliRun } from './cli-run';
import { EXIT, exitCodeOf } from './exit-codes';
import { buildProgram } from './program';

export type { CliIo } from './cli-io';
export { EXIT } from './exit-codes';

/** Commander's own ends that are not failures: help asked for, the version. */
const COMMANDER_OK = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version']);

async function fail(run: CliRun, error: unknown): Promise<number> {
  const { out } = run;
  if (error instanceof CommanderError) {
    if (COMMANDER_OK.has(error.code)) return EXIT.ok;
    // Commander has said what is wrong on stderr (one line, with the hint set in program.ts); a script
    // reading --json gets it as an object too.
    const message = error.message.replace(/^error: /, '');
    out.record({ type: 'error', kind: 'usage', message, exitCode: EXIT.usage });
    return EXIT.usage;
  }
  if (error instanceof Interrupted) {
    // Stopped first (rows on their way are answered, the history closed), then said.
    await run.close();
    out.record({ type: 'error', kind: 'interrupted', message: 'Stopped.', exitCode: EXIT.interrupted });
    out.note(`Stopped.${run.resumeHint ? ` ${run.resumeHint}` : ''}`);
    return EXIT.interrupted;
  }
  // The core's own refusals (an AppError thrown outside a request) are said in its words, with their code.
  const said =
    error instanceof AppError
      ? new CliError(error.message, exitCodeOf(error.kind), undefined, error.kind)
      : error;
  const known = said instanceof CliError;
  const message = known
    ? said.message
    : 'Something went wrong inside jrs. Try again; run with --verbose to see more.';
  const exitCode = known ? said.exitCode : EXIT.error;
  out.record({ type: 'error', kind: known ? (said.kind ?? 'error') : 'internal', message, exitCode });
  out.error(message, known ? said.hint : undefined);
  if (!known) out.debug(String((error as Error)?.stack ?? error));
  return exitCode;
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const cli = new CliRun(io);
  try {
    const program = await buildProgram(cli, argv);
    if (argv.length === 0) {
      program.outputHelp({ error: true });
      return EXIT.usage;
    }
    // Before commander reads the options: a usage error is said as JSON too when --json was asked for.
    cli.configure({ json: argv.includes('--json') });
    await program.parseAsync([...argv], { from: 'user' });
    return cli.exitCode;
  } catch (error) {
    return await fail(cli, error);
  } finally {
    await cli.close();
  }
}

/** The process's own run: real streams, Ctrl-C (or SIGTERM) stops cleanly; a second one stops at once. */
export async function runProcess(argv: readonly string[] = process.argv.slice(2)): Promise<never> {
  const controller = new AbortController();
  let signals = 0;
  const stop = () => {
    signals += 1;
    if (signals > 1) process.exit(EXIT.interrupted);
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // `jrs projects | head -1`: the reader has what it wanted and closed the pipe. Like git and ls, jrs ends
  // there, quietly and with exit 0: no more work, nothing more flushed, no stack trace. (A batch left this way
  // goes on when run again.)
  const closedPipe = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') process.exit(EXIT.ok);
    throw error;
  };
  process.stdout.on('error', closedPipe);
  process.stderr.on('error', closedPipe);
  const code = await run(argv, {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    // `npm run cli -- …` runs in the project's folder: paths are the person's, from where they typed it.
    cwd: (process.env['npm_lifecycle_event'] === 'cli' && process.env['INIT_CWD']) || process.cwd(),
    signal: controller.signal,
  });
  // Everything written reaches its pipe or file before the exit (idle sockets would otherwise hold it open).
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}

// Run as a program (not imported by a test or by bin/jrs.mjs, which calls runProcess itself).
if (typeof require !== 'undefined' && typeof module !== 'undefined' && require.main === module) {
  void runProcess();
}
