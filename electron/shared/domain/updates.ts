// What the page knows about the desktop app's updates: where they come from, whether the person lets the app
// look for them, and how the last look went. Core keeps it; the page words it with updateWords().
import { z } from 'zod';

/**
 * `feed`: the desktop app, built with an update feed. `no-feed`: the desktop app, built without one (or a
 * development copy). `not-here`: the browser host and the command line, which update with npm.
 */
export const UPDATE_SOURCES = ['feed', 'no-feed', 'not-here'] as const;
export type UpdateSource = (typeof UPDATE_SOURCES)[number];

export const UPDATE_PHASES = ['idle', 'checking', 'up-to-date', 'downloading', 'ready', 'failed'] as const;
export type UpdatePhase = (typeof UPDATE_PHASES)[number];

export const updateStatusSchema = z.object({
  source: z.enum(UPDATE_SOURCES),
  /** The person lets the app look for updates by itself (on start and every day). */
  enabled: z.boolean(),
  currentVersion: z.string(),
  phase: z.enum(UPDATE_PHASES),
  /** The newer version being downloaded or ready to install. */
  version: z.string().nullable(),
  /** How much of it has been downloaded, 0–100, while downloading. */
  percent: z.number().min(0).max(100).nullable(),
  /** When the feed was last read successfully (ms since the epoch). */
  checkedMs: z.number().nullable(),
  /** Why the last look or download failed, in words. */
  error: z.string().nullable(),
});
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

export const NOT_HERE_WORDS =
  'Updates come with the desktop app; the command line updates with npm install -g.';
export const NO_FEED_WORDS =
  'This copy was built without an update feed, so it does not look for updates. Install a newer version by hand.';

/** The status in one sentence, for Settings → Updates (and anyone else who shows it). */
export function updateWords(status: UpdateStatus): string {
  if (status.source === 'not-here') return NOT_HERE_WORDS;
  if (status.source === 'no-feed') return NO_FEED_WORDS;
  switch (status.phase) {
    case 'checking':
      return 'Looking for updates…';
    case 'up-to-date':
      return `Up to date: version ${status.currentVersion} is the newest.`;
    case 'downloading':
      return `Downloading version ${status.version ?? 'newer'}: ${Math.floor(status.percent ?? 0)}%.`;
    case 'ready':
      // Installed at quit only while the person lets the app update (main's autoInstallOnAppQuit follows the switch).
      return status.enabled
        ? `Version ${status.version ?? 'newer'} is ready: restart the app to use it (or it is installed when you quit).`
        : `Version ${status.version ?? 'newer'} is downloaded: restart the app to install it.`;
    case 'failed':
      return `The last look for updates failed: ${status.error ?? 'no reason was given.'}`;
    case 'idle':
      return status.enabled
        ? `Version ${status.currentVersion}. The app looks for updates when it starts and every day.`
        : `Version ${status.currentVersion}. The app does not look for updates by itself; press Check now to look.`;
  }
}
