// The command line's exit codes, in one place: what a script can branch on after `jrs …`.
import type { AppErrorKind } from '../shared/domain/errors';

export const EXIT = {
  /** Done, every job asked for succeeded. */
  ok: 0,
  /** Any other failure: the service down, a file that cannot be written, a problem inside the app. */
  error: 1,
  /** Bad arguments: said in one line, with a hint. */
  usage: 2,
  /** No account to work with, the API key was refused (or is not in the keychain), or the team database's sign-in. */
  auth: 3,
  /** The work ran, but some jobs failed, were lost, refused, have an unknown outcome, or a file failed. */
  jobsFailed: 4,
  /** Stopped with Ctrl-C (SIGINT); running the same command again goes on. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The codes a failure ends with (every one but ok). */
export type FailureCode = Exclude<ExitCode, typeof EXIT.ok>;

const AUTH_KINDS: readonly AppErrorKind[] = ['unauthorized', 'no-account', 'keychain', 'team-sign-in'];

/** The exit code of a refusal from the core, by its kind. */
export function exitCodeOf(kind: AppErrorKind): FailureCode {
  if (AUTH_KINDS.includes(kind)) return EXIT.auth;
  // The core refused a value the person gave (an address, a field, a sheet's rows).
  if (kind === 'invalid-input') return EXIT.usage;
  return EXIT.error;
}
