// The app's core opened for one command: on the desktop app's data folder (or JRS_DATA_DIR) and keychain,
// with the run's JRS_BASE_URL account when there is one. Every request goes through dispatch, as the app's
// IPC does; a refusal becomes a CliError with the core's own sentence and the exit code of its kind.
import { join } from 'node:path';
import { AppError } from '../core/kernel/app-error';
import type { AppCore, CoreEventListener } from '../core/app/app-core.types';
import { createAppCore } from '../core/app/create-app-core';
import { dispatch } from '../core/app/dispatch';
import { historyFault } from '../core/db/history-faults';
import type { AppErrorKind } from '../shared/domain/errors';
import type { Channel, ParamsOf, PayloadOf, ResultOf } from '../shared/ipc/contract';
import { userDataDir } from '../node-host/host-paths';
import { hostInstallation } from '../node-host/installation';
import { installationKeychain } from '../node-host/installation-keychain';
import { hostCoreDeps } from '../node-host/open-host-core';
import type { CliIo } from './cli-io';
import { CliError } from './cli-error';
import { envAccount } from './env-account';
import { hasS3Env } from './env-storage';
import { EXIT, exitCodeOf } from './exit-codes';
import type { Output } from './output';
import { teamHistoryFor } from '../core/team/team-connection';

export interface SessionOptions {
  /** Work on the JRS_BASE_URL + JRS_API_KEY account when they are set (every command but `accounts`). */
  envAccount: boolean;
  /** --to / --download: every download of this run goes to this folder. */
  downloadFolder?: string;
  /** --no-download: no file of a finished job is saved by itself in this run, whatever the settings say. */
  autoDownload?: false;
  /** --csv: where an export is written (the answer of the app's save dialog). */
  savePath?: string;
}

const HINTS: Partial<Record<AppErrorKind, string>> = {
  'no-account':
    'Add one with "jrs accounts add --name NAME --url URL" (the key on stdin) or "jrs accounts add --sandbox", or set JRS_BASE_URL and JRS_API_KEY.',
  unauthorized: 'Check the API key (JRS_API_KEY, or the account’s: "jrs accounts add" it again).',
  keychain: 'Or set JRS_BASE_URL and JRS_API_KEY to work without the keychain.',
};

/** A core that could not open, in the person's words with the exit code of its kind. */
function startFailure(error: unknown, historyPath: string): unknown {
  const fault = historyFault(error, historyPath) ?? error;
  if (fault instanceof AppError)
    return new CliError(fault.message, exitCodeOf(fault.kind), HINTS[fault.kind], fault.kind);
  return fault;
}

export class CoreSession {
  private disposing: Promise<void> | null = null;

  private constructor(
    readonly core: AppCore,
    readonly dataDir: string,
    /** The run's JRS_BASE_URL account id, when it works on one. */
    readonly envAccountId: string | null,
  ) {}

  static async open(io: CliIo, out: Output, options: SessionOptions): Promise<CoreSession> {
    const session = options.envAccount ? envAccount(io.env) : null;
    if (options.envAccount && !session && hasS3Env(io.env)) {
      out.warn(
        'The JRS_S3_* variables are for the JRS_BASE_URL account only; a saved account keeps its own: jrs accounts storage <account> --help.',
      );
    }
    const secrets = io.secrets ?? installationKeychain(hostInstallation(), io.env);
    const deps = hostCoreDeps({
      dataDir: userDataDir(io.env),
      secrets,
      sessionAccounts: session ? [session] : undefined,
      // JRS_DATABASE_URL, else the team database saved with jrs team connect, else this computer's.
      team: await teamHistoryFor(secrets, io.env, (line) => out.warn(line)),
      downloadFolder: options.downloadFolder,
      ...(options.autoDownload === false ? { autoDownload: false as const } : {}),
      dialogs: { chooseSaveFile: async () => options.savePath ?? null },
      log: (line) => out.debug(line),
      ...io.core,
    });
    // createAppCore makes the data folder, owner-only.
    const core = await createAppCore(deps).catch((error: unknown) => {
      throw startFailure(error, join(deps.dataDir, 'history.sqlite'));
    });
    // What the person must know about the history (a damaged file set aside, a read-only one), said on
    // stderr whatever the output: the command itself goes on. One lost while this command runs, too.
    core.onEvent((event, payload) => {
      if (event === 'history:notice') out.warn((payload as PayloadOf<'history:notice'>).message);
    });
    const notice = await dispatch(core, 'jobs:notice', undefined);
    if (notice.ok && notice.value.message) out.warn(notice.value.message);
    return new CoreSession(core, deps.dataDir, session?.id ?? null);
  }

  /**
   * Whether this run does the history's background work (polling, sending, downloads): no other app or
   * jrs on this history holds it. A guest's work is done by the holder.
   */
  get isOwner(): boolean {
    return this.core.isHistoryOwner();
  }

  /**
   * Before waiting on work for the JRS_BASE_URL account: the program doing this history's background work
   * cannot do it (the account and its key live in this process only), so the wait would never end.
   */
  requireWorker(): void {
    if (!this.envAccountId || this.isOwner) return;
    throw new CliError(
      'Another program (the desktop app, or another jrs) is working on this history, and it cannot use the JRS_BASE_URL account.',
      EXIT.error,
      'Close it, or give this run a history of its own with JRS_DATA_DIR=<folder>.',
    );
  }

  /** The channel's answer; a refusal is thrown as a CliError in the core's words. */
  async call<C extends Channel>(channel: C, params?: ParamsOf<C>): Promise<ResultOf<C>> {
    const result = await dispatch(this.core, channel, params);
    if (result.ok) return result.value;
    const { kind, message } = result.error;
    throw new CliError(message, exitCodeOf(kind), HINTS[kind], kind);
  }

  onEvent(listener: CoreEventListener): () => void {
    return this.core.onEvent(listener);
  }

  /** Stops polling, sending and downloads (rows on their way are answered first) and closes the history. */
  dispose(): Promise<void> {
    this.disposing ??= this.core.dispose();
    return this.disposing;
  }
}
