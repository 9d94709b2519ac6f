// What a run of the command line talks to: its streams, environment and Ctrl-C signal. The process gives
// its own; tests give fakes, their own keychain and parts of the core's deps (a sandbox launcher, folders).
import type { SecretStore } from '../core/accounts/secret-store';
import type { AppCoreDeps } from '../core/app/app-core.types';

export interface CliOutStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CliInStream extends AsyncIterable<Buffer | string> {
  isTTY?: boolean;
  /** A TTY's raw mode, for the hidden key prompt. */
  setRawMode?(raw: boolean): unknown;
  on?(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off?(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  pause?(): unknown;
  resume?(): unknown;
}

export interface CliIo {
  stdin: CliInStream;
  stdout: CliOutStream;
  stderr: CliOutStream;
  env: Readonly<Record<string, string | undefined>>;
  /** Relative paths in arguments are read from here (the process's working folder by default). */
  cwd?: string;
  /** Aborted on Ctrl-C: the command stops cleanly and exits 130. */
  signal?: AbortSignal;
  /** Where API keys live; the OS keychain (keytar) by default. Tests give a memory or file store. */
  secrets?: SecretStore;
  /** Replaces parts of the core's deps (tests: a sandbox launcher, a downloads folder). */
  core?: Partial<AppCoreDeps>;
  /** The built pages `serve` hands out (out/renderer by default; tests serve a page of their own). */
  rendererDir?: string;
  /** Opens a file or address in the person's browser (the OS's opener by default; tests record it). */
  openInBrowser?: (target: string) => Promise<void>;
}
