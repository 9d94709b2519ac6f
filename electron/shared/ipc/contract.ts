// The one IPC contract: every channel's params and result, and every event's payload, as zod schemas.
// Main validates with it, the preload and the e2e harness expose it, the renderer is typed from it.
import { z } from 'zod';
import { mappingFieldsSchema, projectSchema } from '../api/schemas';
import { accountsSnapshotSchema, newAccountSchema } from '../domain/account';
import { uploadAssetSchema, uploadCapabilitySchema } from '../domain/asset';
import { jobSummarySchema, submitJobSchema } from '../domain/job';
import type { CHANNEL_NAMES, EVENT_NAMES } from './names';

const none = z.undefined();
const byId = z.object({ id: z.string().min(1) });

export const channels = {
  'accounts:snapshot': { params: none, result: accountsSnapshotSchema },
  'accounts:add': { params: newAccountSchema, result: accountsSnapshotSchema },
  'accounts:useSandbox': { params: none, result: accountsSnapshotSchema },
  'accounts:activate': { params: byId, result: accountsSnapshotSchema },
  'accounts:remove': { params: byId, result: accountsSnapshotSchema },
  'credits:get': { params: none, result: z.object({ credits: z.number() }) },
  'projects:list': { params: none, result: z.array(projectSchema) },
  'projects:fields': { params: z.object({ projectId: z.string().min(1) }), result: mappingFieldsSchema },
  'assets:capability': { params: none, result: uploadCapabilitySchema },
  'assets:upload': { params: uploadAssetSchema, result: z.object({ url: z.string().url() }) },
  'jobs:submit': { params: submitJobSchema, result: jobSummarySchema },
  'jobs:list': { params: none, result: z.array(jobSummarySchema) },
  'shell:openExternal': { params: z.object({ url: z.string().url() }), result: z.undefined() },
} as const;

export const events = {
  'accounts:changed': accountsSnapshotSchema,
  'credits:changed': z.object({ accountId: z.string(), credits: z.number() }),
  'jobs:changed': jobSummarySchema,
} as const;

export type Channel = keyof typeof channels;
export type EventName = keyof typeof events;

/** Compile-time proof that names.ts lists exactly the channels and events defined here. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatch: [
  Same<Channel, (typeof CHANNEL_NAMES)[number]>,
  Same<EventName, (typeof EVENT_NAMES)[number]>,
] = [true, true];
void namesMatch;
export type ParamsOf<C extends Channel> = z.input<(typeof channels)[C]['params']>;
export type ResultOf<C extends Channel> = z.output<(typeof channels)[C]['result']>;
export type PayloadOf<E extends EventName> = z.output<(typeof events)[E]>;

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
  'internal',
] as const;
export type AppErrorKind = (typeof APP_ERROR_KINDS)[number];

/** Errors cross IPC as data (Electron would flatten a thrown Error into a string). */
export const appErrorSchema = z.object({ kind: z.enum(APP_ERROR_KINDS), message: z.string() });
export type AppErrorData = z.infer<typeof appErrorSchema>;
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };

/** What main (or the e2e harness) implements: one async function per channel. */
export type Handlers = {
  [C in Channel]: (params: z.output<(typeof channels)[C]['params']>) => Promise<ResultOf<C>>;
};
