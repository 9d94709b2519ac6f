// What the operating system's shell does for the app: opening a checked link in the browser; and the
// application menu's commands, which main sends to the page (its shortcuts are the page's own keys).
import { z } from 'zod';

export const shellChannels = {
  'shell:openExternal': { params: z.object({ url: z.string().url() }), result: z.undefined() },
} as const;

/** What the application menu can ask the page to do. */
export const APP_COMMANDS = [
  'show-create',
  'show-queue',
  'show-batches',
  'show-settings',
  'find',
  'submit-job',
] as const;
export type AppCommand = (typeof APP_COMMANDS)[number];

export const shellEvents = {
  'app:command': z.object({ command: z.enum(APP_COMMANDS) }),
} as const;
