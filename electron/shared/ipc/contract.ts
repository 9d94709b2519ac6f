// The one IPC contract: every channel's params and result, and every event's payload, as zod schemas.
// Main validates with it, the preload and the e2e harness expose it, the renderer is typed from it.
import type { z } from 'zod';
import { accountChannels, accountEvents } from './channels/accounts';
import { assetChannels } from './channels/assets';
import { batchChannels, batchEvents } from './channels/batches';
import { downloadChannels, downloadEvents } from './channels/downloads';
import { formChannels } from './channels/forms';
import { importChannels, importEvents } from './channels/imports';
import { jobChannels, jobEvents } from './channels/jobs';
import { projectChannels } from './channels/projects';
import { resultChannels } from './channels/results';
import { shellChannels, shellEvents } from './channels/shell';
import { storageChannels } from './channels/storage';
import { teamChannels } from './channels/team';
import { updateChannels, updateEvents } from './channels/updates';
import type { CHANNEL_NAMES, EVENT_NAMES } from './names';

export { APP_ERROR_KINDS, appErrorSchema } from '../domain/errors';
export type { AppErrorData, AppErrorKind, IpcResult } from '../domain/errors';

/** Each domain's channels live in channels/<domain>.ts; a new channel is one entry there plus its handler. */
export const channels = {
  ...accountChannels,
  ...projectChannels,
  ...assetChannels,
  ...jobChannels,
  ...formChannels,
  ...downloadChannels,
  ...shellChannels,
  ...batchChannels,
  ...importChannels,
  ...storageChannels,
  ...resultChannels,
  ...updateChannels,
  ...teamChannels,
} as const;

export const events = {
  ...accountEvents,
  ...jobEvents,
  ...shellEvents,
  ...downloadEvents,
  ...batchEvents,
  ...importEvents,
  ...updateEvents,
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

/** What main (or the e2e harness) implements: one async function per channel. */
export type Handlers = {
  [C in Channel]: (params: z.output<(typeof channels)[C]['params']>) => Promise<ResultOf<C>>;
};
