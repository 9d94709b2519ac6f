// Where an account's dropped files go before a job names them: the account's own default (the sandbox
// hosts the sandbox account's uploads; other accounts have none), an S3-compatible bucket (AWS S3,
// Cloudflare R2, MinIO, Backblaze B2…) whose secret stays in the keychain, or no uploads at all (the
// spreadsheet carries addresses).
import { z } from 'zod';

export const S3_LIFETIME_DAYS = { min: 1, max: 7, default: 7 } as const;

export const s3SettingsSchema = z.object({
  endpoint: z
    .string()
    .trim()
    .url('Write the endpoint as an address, e.g. https://s3.eu-west-1.amazonaws.com.')
    .max(500),
  region: z.string().trim().min(1, 'Write the region, e.g. us-east-1 (R2: auto).').max(64),
  bucket: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'A bucket name has 3–63 lower-case letters, digits, dots or dashes.',
    ),
  prefix: z.string().trim().max(200).default(''),
  pathStyle: z.boolean().default(false),
  accessKeyId: z.string().trim().min(1, 'Write the access key id.').max(200),
  /** How long the links placed in jobs live (SigV4 allows 7 days at most). */
  lifetimeDays: z
    .number()
    .int()
    .min(S3_LIFETIME_DAYS.min)
    .max(S3_LIFETIME_DAYS.max)
    .default(S3_LIFETIME_DAYS.default),
});
export type S3Settings = z.infer<typeof s3SettingsSchema>;

export const storageSettingsSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('default') }),
  z.object({ provider: z.literal('urls') }),
  z.object({ provider: z.literal('s3'), s3: s3SettingsSchema }),
]);
export type StorageSettings = z.infer<typeof storageSettingsSchema>;

/** What the page sees: the settings, and of the secret only whether it is set and its last 4 characters. */
export const storageViewSchema = z.object({
  settings: storageSettingsSchema,
  secret: z.object({ set: z.boolean(), last4: z.string().nullable() }),
});
export type StorageView = z.infer<typeof storageViewSchema>;

/** Which account's storage (the command line's `jrs accounts storage <account>`); absent: the active one. */
const accountIdSchema = z.string().min(1).max(200).optional();

export const storageOfSchema = z.object({ accountId: accountIdSchema }).optional();

export const saveStorageSchema = z.object({
  settings: storageSettingsSchema,
  /** A new secret access key; absent: keep the one in the keychain. */
  secret: z.string().trim().min(1).max(500).optional(),
  accountId: accountIdSchema,
});

export const connectionTestSchema = z.object({
  ok: z.boolean(),
  /** What was done and found, in words (or what failed, and what to do). */
  message: z.string(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
