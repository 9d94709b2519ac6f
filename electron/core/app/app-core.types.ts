// The app's core as main (and the e2e harness) see it: the IPC handlers, events, and what it needs in.
import type { DownloadFs } from '../downloads/download-fs';
import type { EventName, Handlers, PayloadOf } from '../../shared/ipc/contract';
import type { SecretStore } from '../accounts/secret-store';
import type { TeamAddressSource } from '../team/team-connection';
import type { SessionAccount } from '../accounts/accounts';
import type { SandboxLauncher } from '../accounts/sandbox-runner';
import type { Clock, Dialogs, FileShell, Notifier, Power, Timers } from '../kernel/ports';
import type { UpdatesHost } from '../updates/updates-host';

// The sandbox's port belongs to the accounts domain that uses it; named here too for the hosts that give one.
export type { SandboxLauncher } from '../accounts/sandbox-runner';

export interface AppCoreDeps {
  /** Folder for the app's own files (accounts.json without secrets, history.sqlite, the sandbox's data). */
  dataDir: string;
  /** The default download folder: main gives the OS Downloads folder; tests and tools a folder of theirs. */
  downloadsDir: string;
  /**
   * The folder every download of this process goes to, whatever the accounts' settings say (the command
   * line's --to and --download); the settings themselves are left as they are.
   */
  downloadFolder?: string;
  /** false: this process saves no finished job's file by itself, whatever the settings say (jrs batch --no-download). */
  autoDownload?: false;
  /** The file system the downloader writes through (tests inject failures); node's by default. */
  downloadFs?: DownloadFs;
  /** The OS keychain in the app; a real keychain or a memory store in tests. */
  secrets: SecretStore;
  sandbox: SandboxLauncher;
  /**
   * Accounts for this process only, key included (the command line's JRS_BASE_URL + JRS_API_KEY): never
   * written to accounts.json or the keychain; the last one is active.
   */
  sessionAccounts?: readonly SessionAccount[];
  /** Opens a checked https URL in the browser (main: shell.openExternal). */
  openExternal?: (url: string) => Promise<void>;
  /** Time, injected so schedulers run on fake time in tests; the system's by default. */
  clock?: Clock;
  timers?: Timers;
  random?: () => number;
  /** Online, offline or asleep (main: powerMonitor and net); always online by default. */
  power?: Power;
  /** OS notifications and the badge (main: Notification, app.setBadgeCount); silent by default. */
  notifier?: Notifier;
  /** Native dialogs (main: dialog); without them, exports are refused with a sentence. */
  dialogs?: Dialogs;
  /** Open, show in folder, drag out and preview downloaded files (main: shell and webContents). */
  fileShell?: FileShell;
  /** The gallery's thumbnail tools, by name or path (ffmpeg and pdftoppm on the PATH by default). */
  thumbnailTools?: { ffmpeg?: string; pdftoppm?: string };
  /** How often batched job changes reach the renderer; default 200 ms. */
  flushMs?: number;
  /**
   * The history lease's timings (history-lease.ts), and its own clock and timers: tests shorten the first,
   * and give the lease fake time so that it lapses or is taken over only when they move that time.
   */
  lease?: { leaseMs?: number; watchMs?: number; clock?: Clock; timers?: Timers };
  /**
   * A team's shared history in PostgreSQL instead of this computer's SQLite file (team-history.ts): its
   * address, the name written on what this person submits (the OS user at this host by default), and the
   * leases' life (tests shorten it).
   */
  team?: {
    url: string;
    /** Where the host took the address from (Settings → Team history says so). */
    source?: TeamAddressSource;
    submittedBy?: string;
    leaseMs?: number;
  };
  /** The desktop app's updates (main: electron-updater); without it the page hears that there are none here. */
  updates?: UpdatesHost;
  /**
   * Restarts the desktop app (main: app.relaunch, then quit), so a team database just connected is used;
   * the browser host has none (its page says to restart jrs serve).
   */
  relaunch?: () => void;
  log?: (line: string) => void;
}

export type CoreEventListener = <E extends EventName>(event: E, payload: PayloadOf<E>) => void;

export interface AppCore {
  /** One function per IPC channel; params are already validated by the caller (main or the harness). */
  readonly handlers: Handlers;
  /** Events for the renderer; returns the unsubscribe. */
  onEvent(listener: CoreEventListener): () => void;
  /** The checked path of a job's downloaded file, for the host's preview route; null when there is none. */
  downloadedFile(jobId: string): Promise<string | null>;
  /**
   * Whether this process does the history's background work (polling, batches, downloads) now; false while
   * another process (the app, the command line) on the same history does it.
   */
  isHistoryOwner(): boolean;
  /** Stops polling and the sandbox, and closes the history. */
  dispose(): Promise<void>;
}
