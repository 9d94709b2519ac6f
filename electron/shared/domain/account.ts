// What the renderer may know of an account: never the key, only its last four characters and its state.
import { z } from 'zod';
import { HTTP_EXCEPTION_WORDS, isAllowedWebAddress } from './urls';

export const accountStateSchema = z.enum(['valid', 'refused', 'unreachable', 'unchecked', 'locked']);
/** valid: the key was accepted; refused: 401; unreachable: no answer; locked: the key is not available. */
export type AccountState = z.infer<typeof accountStateSchema>;

export const accountViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  keyLast4: z.string().max(4),
  state: accountStateSchema,
  kind: z.enum(['sandbox', 'remote']),
  /** keychain: in the OS keychain; session: in memory until the app quits. */
  storage: z.enum(['keychain', 'session']),
});
export type AccountView = z.infer<typeof accountViewSchema>;

export const keychainStatusSchema = z.object({
  available: z.boolean(),
  /** Why it is not, in words a person can act on. */
  reason: z.string().optional(),
});
export type KeychainStatus = z.infer<typeof keychainStatusSchema>;

export const accountsSnapshotSchema = z.object({
  accounts: z.array(accountViewSchema),
  activeId: z.string().nullable(),
  keychain: keychainStatusSchema,
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
});
export type NewAccount = z.input<typeof newAccountSchema>;
