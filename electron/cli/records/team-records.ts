// The records of `jrs team`: where the history lives and the team database this run would use (never its
// password), and a saved team database forgotten.
import { z } from 'zod';
import { APP_ERROR_KINDS } from '../../shared/domain/errors';
import { defineRecord } from './define-record';

export const teamRecordSchema = defineRecord(
  'team',
  "Where this run's history lives (history: team when a team database is saved in the keychain or JRS_DATABASE_URL is set: the app, the command line and the browser host work on the team database; this-computer otherwise, at historyPath) and the team database this run would use, or null: its address without the password (null when it cannot be read), where it comes from (the keychain, or JRS_DATABASE_URL for this run), whether it answers now, its PostgreSQL version, the team history’s schema version there (null before the first connect makes it) and the newest this app knows (writable false: a newer app made it, this one only reads it), or what is wrong, in words.",
  {
    history: z.enum(['this-computer', 'team']),
    historyPath: z.string(),
    database: z
      .object({
        address: z.string().nullable(),
        source: z.enum(['keychain', 'environment']),
        answers: z.boolean(),
        serverVersion: z.string().nullable(),
        schemaVersion: z.number().int().nullable(),
        knownSchemaVersion: z.number().int(),
        writable: z.boolean().nullable(),
        problem: z.object({ kind: z.enum(APP_ERROR_KINDS), message: z.string() }).nullable(),
      })
      .nullable(),
  },
);

export const teamNameRecordSchema = defineRecord(
  'teamName',
  'The name this installation records on every job it submits (jrs team name): the one in use, the default (the OS user and host), and whether the default is in use.',
  { name: z.string(), defaultName: z.string(), isDefault: z.boolean() },
);

const tableCounts = z.object({ copied: z.number().int(), alreadyThere: z.number().int() });

export const copiedRecordSchema = defineRecord(
  'copied',
  'This computer’s history copied into the team history (jrs team copy-history): the team database’s address without the password, the SQLite file copied from (never changed), and per table the rows added and those the team history had already (a second run adds none); settings come as this computer’s own.',
  {
    address: z.string(),
    from: z.string(),
    jobs: tableCounts,
    batches: tableCounts,
    settings: tableCounts,
    downloads: tableCounts,
  },
);

export const forgottenRecordSchema = defineRecord(
  'forgotten',
  'The team database’s address removed from the keychain (address without the password; null when none was saved or it could not be read); removed: whether one was saved.',
  { address: z.string().nullable(), removed: z.boolean() },
);
