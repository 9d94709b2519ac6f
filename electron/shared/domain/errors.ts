// The one list of error kinds the app knows, the service's (ApiError) and its own (AppError) alike, and
// the shape in which an error crosses IPC. Core words each kind; the renderer branches on it.
import { z } from 'zod';

export const APP_ERROR_KINDS = [
  'unauthorized',
  'not-found',
  'bad-request',
  'rate-limited',
  'server',
  'network',
  'timeout',
  'invalid-response',
  'aborted',
  'invalid-input',
  'no-account',
  'keychain',
  'storage',
  'database',
  'internal',
  /** The browser host's page has no session the host accepts: only a new sign-in link helps, not a retry. */
  'signed-out',
  // The team history on PostgreSQL: why its database could not be used, each with its own remedy.
  /** Its host and port refused or did not answer. */
  'team-unreachable',
  /** The server refused the user or password of its address (or has no rule letting this computer in). */
  'team-sign-in',
  /** The server has no database of the address's name. */
  'team-no-database',
  /** The server is older than PostgreSQL 15. */
  'team-server-too-old',
  /** A newer version of the app made this history: it is read, never written, until the app is updated. */
  'team-history-newer',
] as const;
export type AppErrorKind = (typeof APP_ERROR_KINDS)[number];

/** Errors cross IPC as data (Electron would flatten a thrown Error into a string). */
export const appErrorSchema = z.object({ kind: z.enum(APP_ERROR_KINDS), message: z.string() });
export type AppErrorData = z.infer<typeof appErrorSchema>;
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };
