// The app's core as main (and the e2e harness) see it: the IPC handlers, events, and what it needs in.
import type { EventName, Handlers, PayloadOf } from '../../shared/ipc/contract';
import type { SecretStore } from '../accounts/secret-store';

/** Starts the built-in sandbox (main imports the sandbox; core may not). */
export interface SandboxLauncher {
  start(options: { apiKey: string; dataDir: string }): Promise<{ url: string; close(): Promise<void> }>;
}

export interface AppCoreDeps {
  /** Folder for the app's own files (accounts.json without secrets, the sandbox's data). */
  dataDir: string;
  /** The OS keychain in the app; a real keychain or a memory store in tests. */
  secrets: SecretStore;
  sandbox: SandboxLauncher;
  /** Opens a checked https URL in the browser (main: shell.openExternal). */
  openExternal?: (url: string) => Promise<void>;
  /** How often unfinished jobs are polled; default 1500 ms. */
  pollIntervalMs?: number;
  log?: (line: string) => void;
}

export type CoreEventListener = <E extends EventName>(event: E, payload: PayloadOf<E>) => void;

export interface AppCore {
  /** One function per IPC channel; params are already validated by the caller (main or the harness). */
  readonly handlers: Handlers;
  /** Events for the renderer; returns the unsubscribe. */
  onEvent(listener: CoreEventListener): () => void;
  /** Stops polling and the sandbox. */
  dispose(): Promise<void>;
}
