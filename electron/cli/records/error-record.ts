// The record every command may end with: what went wrong, its kind (for a script to branch on) and the
// exit code the command ends with.
import { z } from 'zod';
import { APP_ERROR_KINDS } from '../../shared/domain/errors';
import { EXIT, type FailureCode } from '../exit-codes';
import { defineRecord } from './define-record';

/** The core's kinds, and the command line's own: bad arguments, Ctrl-C, any other failure. */
export const CLI_ERROR_KINDS = [...APP_ERROR_KINDS, 'usage', 'interrupted', 'error'] as const;
export type CliErrorKind = (typeof CLI_ERROR_KINDS)[number];

const exitCodes = Object.values(EXIT).filter((code): code is FailureCode => code !== EXIT.ok);

export const errorRecordSchema = defineRecord(
  'error',
  'Why the command failed, in words (message), its kind, and the exit code it ends with.',
  {
    kind: z.enum(CLI_ERROR_KINDS),
    message: z.string(),
    exitCode: z.literal(exitCodes),
  },
);
