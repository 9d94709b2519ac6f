// Runs `jrs` in-process, as a terminal would but with fake streams: a temp data folder (JRS_DATA_DIR), a
// keychain of the test's own, the test sandbox launcher, and everything written kept for the asserts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { MemorySecretStore, type SecretStore } from '../../electron/core/accounts/secret-store';
import type { AppCoreDeps } from '../../electron/core/app/app-core.types';
import { run, type CliIo } from '../../electron/cli/main';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { dispatch } from '../../electron/core/app/dispatch';
import type { Channel, ParamsOf, ResultOf } from '../../electron/shared/ipc/contract';
import { value } from '../fixtures/ipc-value';

export type JsonLine = { type: string } & Record<string, unknown>;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout's lines as JSON (with --json). */
  json: JsonLine[];
}

/** A write-only stream that keeps what it is given and says when a wanted text appears. */
export class CapturedStream {
  text = '';
  private readonly waiters: Array<{ pattern: RegExp; resolve: (match: RegExpExecArray) => void }> = [];

  constructor(readonly isTTY = false) {}

  write(chunk: string): boolean {
    this.text += chunk;
    for (const waiter of [...this.waiters]) {
      const match = waiter.pattern.exec(this.text);
      if (match) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
    return true;
  }

  /** Resolves once the text written so far matches (no clock involved). */
  until(pattern: RegExp): Promise<RegExpExecArray> {
    const match = pattern.exec(this.text);
    if (match) return Promise.resolve(match);
    return new Promise((resolve) => this.waiters.push({ pattern, resolve }));
  }
}

export interface CliWorld {
  dir: string;
  dataDir: string;
  downloadsDir: string;
  /** The keychain every run of the test shares (as the OS keychain outlives each run). */
  secrets: SecretStore;
  env: Record<string, string | undefined>;
  core: Partial<AppCoreDeps>;
  remove(): void;
}

export function cliWorld(core: Partial<AppCoreDeps> = {}): CliWorld {
  const dir = mkdtempSync(join(tmpdir(), 'jrs-cli-'));
  const dataDir = join(dir, 'data');
  const downloadsDir = join(dir, 'Downloads');
  return {
    dir,
    dataDir,
    downloadsDir,
    secrets: new MemorySecretStore(),
    env: { JRS_DATA_DIR: dataDir, NO_COLOR: '1' },
    core: { downloadsDir, ...core },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface RunOptions {
  stdin?: string;
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
  stdout?: CapturedStream;
  stderr?: CapturedStream;
  /** The pages `serve` hands out. */
  rendererDir?: string;
  /** What `serve` opens the browser with (recorded instead of a real browser). */
  openInBrowser?: (target: string) => Promise<void>;
}

export async function jrs(world: CliWorld, argv: string[], options: RunOptions = {}): Promise<CliResult> {
  const stdout = options.stdout ?? new CapturedStream();
  const stderr = options.stderr ?? new CapturedStream();
  const io: CliIo = {
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    stdout,
    stderr,
    env: { ...world.env, ...options.env },
    cwd: world.dir,
    signal: options.signal,
    secrets: world.secrets,
    core: world.core,
    rendererDir: options.rendererDir,
    openInBrowser: options.openInBrowser,
  };
  const code = await run(argv, io);
  const json = argv.includes('--json')
    ? stdout.text
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as JsonLine)
    : [];
  return { code, stdout: stdout.text, stderr: stderr.text, json };
}

/** The records of one type, from a --json run. */
export function records(result: CliResult, type: string): JsonLine[] {
  return result.json.filter((line) => line.type === type);
}

/** The app's core on the world's folder and keychain, for a test's setup (e.g. a setting) between runs. */
export async function withCore<T>(world: CliWorld, use: (call: CoreCall) => Promise<T>): Promise<T> {
  const core = await createAppCore({
    dataDir: world.dataDir,
    secrets: world.secrets,
    sandbox: { start: () => Promise.reject(new Error('no built-in sandbox here')) },
    ...world.core,
    downloadsDir: world.downloadsDir,
  });
  try {
    return await use(async (channel, params) => value(await dispatch(core, channel, params)));
  } finally {
    await core.dispose();
  }
}

export type CoreCall = <C extends Channel>(channel: C, params?: ParamsOf<C>) => Promise<ResultOf<C>>;
