// The command line's own failures: each carries its exit code and, where it helps, a hint for what to do.
import { EXIT, type FailureCode } from './exit-codes';
import type { CliErrorKind } from './records/error-record';

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: FailureCode = EXIT.error,
    /** One line saying what to do next (a command to run, an option to add). */
    readonly hint?: string,
    /** The core's kind of error, for --json readers. */
    readonly kind?: CliErrorKind,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Bad arguments: exit 2, one line and a hint. */
export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, hint, 'usage');
    this.name = 'UsageError';
  }
}

/** Ctrl-C: the command stops, says how to go on, and exits 130. */
export class Interrupted extends CliError {
  constructor() {
    super('Stopped.', EXIT.interrupted, undefined, 'interrupted');
    this.name = 'Interrupted';
  }
}
