// What the renderer may know of an account: never the key, only its last four characters and its state.
import { z } from 'zod';
import { HTTP_EXCEPTION_WORDS, isAllowedWebAddress } from './urls';

export const accountStateSchema = z.enum([
  'valid',
  'refused',
  'unreachable',
  'unchecked',
  'locked',
  'key-missing',
]);
/**
 * valid: the key was accepted; refused: 401; unreachable: no answer; locked: the keychain holding the key
 * does not answer; key-missing: the key was kept for a session that ended (or its file is gone): the
 * account, its jobs and batches stay, read-only where a key is needed, until the key is given again.
 */
export type AccountState = z.infer<typeof accountStateSchema>;

/**
 * Where an account's key lives. keychain: the OS keychain; key-file: an owner-only file in the data folder,
 * where no keychain answers and the person chose it; session: this process's memory until it quits (the
 * account stays listed, its key missing, after); app: the built-in sandbox's, made by the app at each
 * start; environment: the command line's JRS_API_KEY, for one run; team: an account of the team's history
 * whose key this computer does not keep (its jobs are seen, read-only; never written to accounts.json).
 */
export const keyStorageSchema = z.enum(['keychain', 'key-file', 'session', 'app', 'environment', 'team']);
export type KeyStorage = z.infer<typeof keyStorageSchema>;

/** What the person chooses for a new key: the keychain, or where none answers, a key file or this session. */
export const keyChoiceSchema = z.enum(['keychain', 'key-file', 'session']);
export type KeyChoice = z.infer<typeof keyChoiceSchema>;

export const accountViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  keyLast4: z.string().max(4),
  state: accountStateSchema,
  kind: z.enum(['sandbox', 'remote']),
  storage: keyStorageSchema,
  /** Where the key file is, for a key kept in one (storage `key-file`). */
  keyFile: z.string().optional(),
});
export type AccountView = z.infer<typeof accountViewSchema>;

export const keychainStatusSchema = z.object({
  available: z.boolean(),
  /** Why it is not, in words a person can act on. */
  reason: z.string().optional(),
  /** The folder key files are kept in (owner-only), to be said before the person chooses one. */
  keyFolder: z.string().optional(),
});
export type KeychainStatus = z.infer<typeof keychainStatusSchema>;

export const accountsSnapshotSchema = z.object({
  accounts: z.array(accountViewSchema),
  activeId: z.string().nullable(),
  keychain: keychainStatusSchema,
  /** The history is a team's (issue 19): an account's jobs are the team's, never deleted with it here. */
  teamHistory: z.boolean().optional(),
});
export type AccountsSnapshot = z.infer<typeof accountsSnapshotSchema>;

export const newAccountSchema = z.object({
  name: z.string().trim().min(1, 'Give the account a name.').max(80, 'Keep the name under 80 characters.'),
  baseUrl: z
    .string()
    .trim()
    .url('Enter the service address, e.g. https://api.example.com.')
    .refine(isAllowedWebAddress, `The address must start with https:// (${HTTP_EXCEPTION_WORDS}).`),
  apiKey: z.string().trim().min(8, 'The API key looks too short.').max(4096, 'The API key is too long.'),
  /** Keep the key in memory for this session only (when no keychain is available, or by choice). */
  sessionOnly: z.boolean().default(false),
  /**
   * Where the key goes: the keychain (the default), or where none answers, an owner-only key file or this
   * session only. `sessionOnly: true` is the same as `session`.
   */
  keep: keyChoiceSchema.nullish(),
});
export type NewAccount = z.input<typeof newAccountSchema>;
