// Who submitted what (issue 19): this installation's display name (read, set, back to the default), and
// the active account's credits spent by person and by batch over a period, shown or saved as CSV. And
// Settings → Team history: where the history lives, connecting a team database, copying one's history in.
import { z } from 'zod';
import { creditReportParamsSchema, creditReportSchema, displayNameViewSchema } from '../../domain/team';
import { none } from './common';

/** Where a history lives: this computer's SQLite file, or a team database (its address without password). */
const historyPlaceSchema = z.discriminatedUnion('history', [
  z.object({ history: z.literal('this-computer') }),
  z.object({ history: z.literal('team'), address: z.string() }),
]);

/** Where the history lives now, and where it will from the next start. Never holds a password. */
export const teamConnectionViewSchema = z.object({
  now: z.discriminatedUnion('history', [
    z.object({ history: z.literal('this-computer') }),
    z.object({
      history: z.literal('team'),
      address: z.string(),
      /** The run's JRS_DATABASE_URL, or the address saved in this computer's keychain. */
      source: z.enum(['environment', 'keychain']),
    }),
  ]),
  /** The address saved in the keychain, without its password; null when none is. */
  saved: z.string().nullable(),
  /** True when JRS_DATABASE_URL is set for this run: it wins over the saved address at every start. */
  environment: z.boolean(),
  /** Where the history will live from the next start. */
  next: historyPlaceSchema,
  /** True when the next start changes where the history lives. */
  restartNeeded: z.boolean(),
  /** True in the desktop app, which can restart itself; false in the browser host (restart jrs serve). */
  canRestart: z.boolean(),
});
export type TeamConnectionView = z.infer<typeof teamConnectionViewSchema>;

/** What connecting found: the team database answers, its server and schema. */
export const teamCheckSchema = z.object({
  address: z.string(),
  serverVersion: z.string(),
  schemaVersion: z.number().int().nullable(),
  knownSchemaVersion: z.number().int(),
  /** False when a newer app made the team history: this one reads it and never writes. */
  writable: z.boolean(),
});
export type TeamCheck = z.infer<typeof teamCheckSchema>;

const tableCountsSchema = z.object({ copied: z.number().int(), alreadyThere: z.number().int() });

/** What copying this computer's history into the team's did, table by table. */
export const copiedHistorySchema = z.object({
  address: z.string(),
  counts: z.object({
    jobs: tableCountsSchema,
    batches: tableCountsSchema,
    settings: tableCountsSchema,
    downloads: tableCountsSchema,
  }),
});
export type CopiedHistoryView = z.infer<typeof copiedHistorySchema>;

export const teamChannels = {
  'team:name': { params: none, result: displayNameViewSchema },
  /** The person's own name (checked by main, refused in words); null goes back to the default. */
  'team:setName': {
    params: z.object({ name: z.string().max(1_000).nullable() }),
    result: displayNameViewSchema,
  },
  /** The active account's credits spent in [fromMs, toMs), by person and by batch. */
  'credits:report': { params: creditReportParamsSchema, result: creditReportSchema },
  /** The same report written as CSV where the person chooses; path null when they cancelled. */
  'credits:exportReport': {
    params: z.object({
      fromMs: z.number().int().min(0),
      toMs: z.number().int().min(0),
      /** Names the file offered (e.g. "2026-11-01-to-2026-11-30"): the dates the person chose, in their zone. */
      fileLabel: z
        .string()
        .regex(/^[0-9A-Za-z-]{1,40}$/)
        .optional(),
    }),
    result: z.object({ path: z.string().nullable(), rows: z.number().int() }),
  },
  /** Where the history lives now and from the next start. */
  'team:connection': { params: none, result: teamConnectionViewSchema },
  /**
   * Tests a team database's address (making or updating its schema), then saves it in the keychain; used
   * from the next start. The address holds a password: never answered, logged or put in an error.
   */
  'team:connect': {
    params: z.object({ url: z.string().trim().min(1).max(2_000) }),
    result: z.object({ check: teamCheckSchema, connection: teamConnectionViewSchema }),
  },
  /** Removes the saved address: this computer's own history again from the next start. */
  'team:forget': {
    params: none,
    result: z.object({ removed: z.boolean(), connection: teamConnectionViewSchema }),
  },
  /** Copies this computer's history into the team database (never deletes; twice adds nothing). */
  'team:copyHistory': { params: none, result: copiedHistorySchema },
  /** Restarts the desktop app to switch; refused in words where the host cannot restart itself. */
  'team:restart': { params: none, result: z.undefined() },
} as const;
