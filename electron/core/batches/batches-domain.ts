// The batches domain wired together: the batches table, the runner that sends their rows (going on with
// every running batch at start) and the IPC handlers.
import type { BatchesChanged } from '../../shared/domain/batch';
import type { Clock, Dialogs, Timers } from '../kernel/ports';
import type { Holds } from '../kernel/ownership';
import type { SettingsStore } from '../kernel/settings-store';
import type { BatchStore } from './batch-store';
import type { JobsDomain } from '../jobs/jobs-domain';
import type { PayloadOf } from '../../shared/ipc/contract';
import type { AssetUploader } from '../assets/asset-uploader';
import { batchHandlers } from './batch-handlers';
import { importHandlers } from './import-handlers';
import { MappingMemory } from './mapping-memory';
import { BatchRunner } from './batch-runner';

export interface BatchesDomainDeps {
  /** The batches of the history (their rows are jobs, in the jobs domain's store). */
  batches: BatchStore;
  settings: SettingsStore;
  jobs: JobsDomain;
  clock: Clock;
  timers: Timers;
  /** Rows of one batch on their way at once (default 4). */
  concurrency?: number;
  emit(payload: BatchesChanged): void;
  startDownloads(jobIds: string[]): Promise<{ queued: string[]; skipped: string[]; saved: string[] }>;
  localFile(jobId: string): Promise<string | null>;
  dialogs?: Dialogs;
  emitImportProgress(payload: PayloadOf<'imports:progress'>): void;
  /** The account's uploader, as its asset storage settings say. */
  uploaderFor(accountId: string): Promise<AssetUploader>;
  /** Which background work this process does now (kernel/ownership.ts); all of it by default. */
  holds?: Holds;
  /** The core's log (a spreadsheet reader's crash is written there). */
  log?: (line: string) => void;
}

export interface BatchesDomain {
  readonly handlers: ReturnType<typeof batchHandlers> & ReturnType<typeof importHandlers>;
  readonly repo: BatchStore;
  /** Goes on with every running batch: this process became the owner, or another one wrote batches. */
  wakeAll(): void;
  /** Stops sending; resolves once the rows on their way are answered. */
  dispose(): Promise<void>;
}

export function openBatches(deps: BatchesDomainDeps): BatchesDomain {
  const { jobs } = deps;
  const repo = deps.batches;
  const runner = new BatchRunner({
    context: jobs.context,
    batches: repo,
    limiterOf: jobs.limiterOf,
    clock: deps.clock,
    timers: deps.timers,
    concurrency: deps.concurrency,
    holds: deps.holds,
  });
  // Ends the spreadsheets still being read (their threads) when the core closes.
  const closing = new AbortController();
  const batches = batchHandlers({
    context: jobs.context,
    batches: repo,
    runner,
    changed: (view) => deps.emit({ accountId: view.accountId, batches: [view], removed: [] }),
    startDownloads: deps.startDownloads,
    localFile: deps.localFile,
    dialogs: deps.dialogs,
  });
  return {
    handlers: {
      ...batches,
      ...importHandlers({
        accounts: jobs.context.accounts,
        jobs: jobs.repo,
        memory: new MappingMemory(deps.settings),
        createBatch: (batch) => batches['batches:create'](batch),
        progress: deps.emitImportProgress,
        uploaderFor: deps.uploaderFor,
        sleep: (ms) => new Promise<void>((resolve) => void deps.timers.setTimeout(resolve, ms)),
        signal: closing.signal,
        log: deps.log,
        dialogs: deps.dialogs,
      }),
    },
    repo,
    wakeAll: () => {
      // Not waited for (the lease's events are said synchronously); a failed read is logged.
      void runner
        .start()
        .catch((error: unknown) => deps.log?.(`The running batches could not be read: ${String(error)}`));
    },
    dispose: () => {
      closing.abort();
      return runner.dispose();
    },
  };
}
