// What core needs from whoever runs it (Electron's main, the e2e harness, later the CLI and the browser
// host): time, and the few things only the host can do. Tests pass fakes; nothing here imports Electron.

/** Wall-clock time in ms since the epoch. */
export interface Clock {
  now(): number;
}

export interface TimerHandle {
  /** Lets the process exit while the timer is pending (Node's unref). */
  unref?(): unknown;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: Clock = { now: () => Date.now() };

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Whether the machine can reach the network now; main implements it with Electron's powerMonitor and net. */
export type PowerState = 'online' | 'offline' | 'asleep';

export interface Power {
  current(): PowerState;
  /** Calls back on every change; returns the unsubscribe. */
  onChange(listener: (state: PowerState) => void): () => void;
}

/** Always online: the CLI and tests without a power source. */
export const alwaysOnline: Power = { current: () => 'online', onChange: () => () => undefined };

export interface Notification {
  title: string;
  body: string;
  /** The job a click should open, when there is one. */
  jobId?: string;
}

/** OS notifications and the dock/taskbar badge (main: Electron's Notification and app.setBadgeCount). */
export interface Notifier {
  notify(notification: Notification): void;
  setBadgeCount(count: number): void;
  /**
   * The page shows the notifications (the browser host: a browser's own, once the person allows them):
   * core sends each as an `app:notify` event instead of calling notify.
   */
  viaPage?: boolean;
}

export const silentNotifier: Notifier = { notify: () => undefined, setBadgeCount: () => undefined };

/** Native dialogs core asks the host to show (main: Electron's dialog). */
export interface Dialogs {
  /** The folder the person chose, or null when they cancelled. */
  chooseFolder?(options: { title: string; defaultPath: string }): Promise<string | null>;
  /** The path the person chose to save to, or null when they cancelled. */
  chooseSaveFile(options: {
    title: string;
    defaultName: string;
    /** Where the dialog starts (the account's download folder); the host's own default without it. */
    defaultFolder?: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<string | null>;
}

/**
 * What the host does with a downloaded file (main: Electron's shell and webContents.startDrag). Core has
 * checked the path first: a finished download, inside its folder, still there.
 */
export interface FileShell {
  /** Opens the file in its default app; rejects with the reason when the system cannot. */
  open(path: string): Promise<void>;
  showInFolder(path: string): void;
  /** Starts dragging the file out of the window (onto the desktop or another app). */
  startDrag(path: string): void;
  /** Whether startDrag does anything here (a browser cannot drag a file out of its tab). */
  canDragOut: boolean;
  /** An address the page may load a downloaded job's file from, for its preview; null where there is none. */
  previewUrl(jobId: string): string | null;
}
