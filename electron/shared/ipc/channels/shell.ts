// What the operating system's shell does for the app: opening a checked link in the browser; and the
// application menu's commands, which main sends to the page (its shortcuts are the page's own keys).
import { z } from 'zod';

/**
 * What the app's host can do beyond the contract's requests: the desktop app shows a folder picker and lets
 * files be dragged out; a browser can do neither, and the page does not offer them there.
 */
export const hostCapabilities = z.object({
  chooseFolder: z.boolean(),
  dragOut: z.boolean(),
  /** Notifications are the page's to show (a browser's own), not the system's through the host. */
  pageNotifications: z.boolean(),
});
export type HostCapabilities = z.infer<typeof hostCapabilities>;

export const shellChannels = {
  'shell:openExternal': { params: z.object({ url: z.string().url() }), result: z.undefined() },
  'shell:capabilities': { params: z.undefined(), result: hostCapabilities },
} as const;

/** What the application menu can ask the page to do. */
export const APP_COMMANDS = [
  'show-create',
  'show-queue',
  'show-batches',
  'show-settings',
  'show-results',
  'find',
  'submit-job',
] as const;
export type AppCommand = (typeof APP_COMMANDS)[number];

export const shellEvents = {
  'app:command': z.object({ command: z.enum(APP_COMMANDS) }),
  /** A notification for the page to show (where the host has no system notifications of its own). */
  'app:notify': z.object({ title: z.string(), body: z.string(), jobId: z.string().optional() }),
} as const;
