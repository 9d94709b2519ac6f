// The downloads domain wired together: settings, the downloads table, the queue (which resumes what was
// running at the last exit), and its handlers.
import type { DownloadsChanged } from '../../shared/domain/download';
import type { Accounts } from '../accounts/accounts';
import type { Clock, Dialogs, FileShell, Timers } from '../kernel/ports';
import type { Holds } from '../kernel/ownership';
import type { SettingsStore } from '../kernel/settings-store';
import type { TemplateBatch } from './template-job';
import type { JobStore } from '../jobs/job-store';
import type { Job } from '../jobs/job';
import { downloadHandlers } from './download-handlers';
import { nodeDownloadFs, type DownloadFs } from './download-fs';
import { DownloadQueue } from './download-queue';
import type { DownloadStore } from './download-store';
import { DownloadSettingsStore } from './download-settings';
import { downloadedFile } from './downloaded-file';

export interface DownloadsDomainDeps {
  /** This computer's download records, and the settings (folder, naming, concurrency). */
  downloads: DownloadStore;
  settings: SettingsStore;
  /** Which background work this process does now (kernel/ownership.ts); all of it by default. */
  holds?: Holds;
  jobs: Pick<JobStore, 'get' | 'latestFinishedWithOutput'>;
  /** A job's batch as its file name sees it (the batches domain opens after this one, so looked up late). */
  batch?(batchId: string): Promise<TemplateBatch | null>;
  accounts: Accounts;
  /** The OS Downloads folder: the default download folder. */
  downloadsDir: string;
  /** This process's folder for every download, whatever the settings say (the command line's --to). */
  downloadFolder?: string;
  /** false: no automatic download in this process, whatever the settings say (jrs batch --no-download). */
  autoDownload?: false;
  clock: Clock;
  timers: Timers;
  fs?: DownloadFs;
  /** The folder picker (main: the native dialog). */
  dialogs?: Dialogs;
  /** Open, show in folder, drag out, preview (main: Electron's shell and webContents). */
  fileShell?: FileShell;
  fetch?: typeof fetch;
  emit(payload: DownloadsChanged): void;
  log?: (line: string) => void;
}

export interface DownloadsDomain {
  readonly handlers: ReturnType<typeof downloadHandlers>;
  jobSucceeded(row: Job): Promise<void>;
  /** The checked path of a job's downloaded file (for the host's preview route); null when there is none. */
  fileOf(jobId: string): Promise<string | null>;
  /** A finished download's file and the folder it was saved into, as recorded (the gallery checks them). */
  savedFile(jobId: string): Promise<{ path: string; root: string } | null>;
  accountRemoved(accountId: string): Promise<void>;
  /** This process became the history's owner: go on with what the last owner left. */
  ownerGained(): Promise<void>;
  /** Another process wrote to the history: it may have queued files. */
  otherWrites(): void;
  /** Resolves once every download has stopped writing. */
  dispose(): Promise<void>;
}

export function openDownloads(deps: DownloadsDomainDeps): DownloadsDomain {
  const repo = deps.downloads;
  const settings = new DownloadSettingsStore(deps.settings, deps.downloadsDir, {
    folder: deps.downloadFolder,
    auto: deps.autoDownload,
  });
  const queue = new DownloadQueue({
    repo,
    holds: deps.holds,
    job: async (jobId) => deps.jobs.get(jobId),
    batch: async (batchId) => (await deps.batch?.(batchId)) ?? null,
    settings,
    sign: async (accountId, storagePath) =>
      (await deps.accounts.connections.get(accountId)).client.getSignedUrl(storagePath),
    // The built-in sandbox runs on this computer (its address changes with each start).
    accountUrl: (accountId) => {
      const account = deps.accounts.registry.find(accountId);
      return account?.kind === 'sandbox'
        ? (deps.accounts.sandbox.url ?? 'http://127.0.0.1')
        : (account?.baseUrl ?? '');
    },
    fs: deps.fs ?? nodeDownloadFs,
    fetch: deps.fetch,
    clock: deps.clock,
    timers: deps.timers,
    // Only the active account's downloads are shown; the others run on and are read when it is chosen.
    emit: (accountId, downloads, removed) => {
      if (deps.accounts.registry.activeId === accountId) deps.emit({ accountId, downloads, removed });
    },
    log: deps.log,
  });
  return {
    handlers: downloadHandlers({
      registry: deps.accounts.registry,
      queue,
      settings,
      latestFinished: (accountId) => deps.jobs.latestFinishedWithOutput(accountId),
      now: () => deps.clock.now(),
      fileOf: (jobId) => downloadedFile(repo, jobId),
      dialogs: deps.dialogs,
      fileShell: deps.fileShell,
    }),
    jobSucceeded: (row) => queue.jobSucceeded(row),
    fileOf: (jobId) => downloadedFile(repo, jobId).catch(() => null),
    async savedFile(jobId) {
      const row = await repo.get(jobId);
      return row?.state === 'done' && row.path ? { path: row.path, root: row.root } : null;
    },
    async accountRemoved(accountId) {
      const ids = (await repo.list(accountId)).map((row) => row.jobId);
      if (ids.length > 0) await queue.pause(ids);
      await repo.removeAccount(accountId);
    },
    ownerGained: () => queue.takeOver(),
    otherWrites: () => queue.wake(),
    dispose: () => queue.dispose(),
  };
}
