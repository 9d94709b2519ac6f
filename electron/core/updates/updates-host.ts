// What the updates domain needs from the desktop app (main implements it with electron-updater); hosts
// without it (the browser host, the command line) have no updates, and say so.
import type { UpdateFeed } from './feed-config';

/** What electron-updater reports back, in the few terms the decision needs. */
export type InstallerEvent =
  | { kind: 'progress'; percent: number }
  | { kind: 'downloaded'; version: string }
  /** The downloader found nothing to download after all (another rollout step, an older system). */
  | { kind: 'not-available' }
  | { kind: 'failed'; message: string };

export interface UpdateInstaller {
  /** Starts downloading the update the feed offers now, in the background; what follows comes as events. */
  download(): Promise<void>;
  /** Quits the app and installs the downloaded update; called only on the person's word. */
  restart(): void;
  /** Whether a downloaded update is installed when the person quits the app normally. */
  setInstallOnQuit(on: boolean): void;
  /** Returns the unsubscribe. */
  onEvent(listener: (event: InstallerEvent) => void): () => void;
}

export interface UpdatesHost {
  /** The running app's version (main: app.getVersion()). */
  currentVersion: string;
  /** The feed this copy was built with (app-update.yml), or null: built without one, or a development copy. */
  feed: UpdateFeed | null;
  installer: UpdateInstaller;
  /** How the feed is read; global fetch by default (tests may pass their own). */
  fetch?: typeof fetch;
}
