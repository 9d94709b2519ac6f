// One run of the command line: its io, its output (people or --json), the core it opened (at most one,
// disposed at the end whatever happens) and the exit code the command settled on.
import { resolve } from 'node:path';
import type { CliIo } from './cli-io';
import type { CoreSession, SessionOptions } from './core-session';
import { EXIT, type ExitCode } from './exit-codes';
import { Output } from './output';

export class CliRun {
  exitCode: ExitCode = EXIT.ok;
  out: Output;
  /** Said after "Stopped." when Ctrl-C ends the command: how to go on from there. */
  resumeHint: string | undefined;
  private session: CoreSession | null = null;

  constructor(readonly io: CliIo) {
    this.out = new Output(io, false);
  }

  get signal(): AbortSignal | undefined {
    return this.io.signal;
  }

  /** A path from the arguments, made absolute from the run's working folder. */
  path(text: string): string {
    return resolve(this.io.cwd ?? process.cwd(), text);
  }

  /** Sets the output from the global options, once the command is known. */
  configure(options: { json?: boolean; verbose?: boolean }): void {
    this.out = new Output(this.io, options.json === true, options.verbose === true);
  }

  async openCore(options: SessionOptions): Promise<CoreSession> {
    if (this.session) throw new Error('The core is already open for this run.');
    // Loaded here, not at start: the core (the history, HTTP, storage, spreadsheets) is only for commands that
    // use it, so `jrs --help`, `--version` and `schema` start without reading any of it.
    const { CoreSession } = await import('./core-session');
    this.session = await CoreSession.open(this.io, this.out, options);
    return this.session;
  }

  /** Disposes the core if a command opened it: polling, sending and downloads stop, the history closes. */
  async close(): Promise<void> {
    const session = this.session;
    this.session = null;
    await session?.dispose();
  }
}
