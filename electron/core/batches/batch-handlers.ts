// The IPC handlers of the batches domain.
import { retryableInBatch } from '../jobs/rerun-cost';
import type { BatchState, BatchView } from '../../shared/domain/batch';
import type { Handlers } from '../../shared/ipc/contract';
import { AppError } from '../kernel/app-error';
import type { Dialogs } from '../kernel/ports';
import { saveError, writeFileAtomically } from '../files/write-file-atomically';
import { batchTable, tableCsv, tableXlsx } from './batch-export';
import type { JobsContext } from '../jobs/jobs-context';
import { requeueJobs } from '../jobs/requeue';
import { batchView, sheetLines } from './batch';
import type { BatchStore } from './batch-store';
import type { BatchRunner } from './batch-runner';
import { createBatch } from './create-batch';

type BatchChannel =
  | 'batches:list'
  | 'batches:create'
  | 'batches:pause'
  | 'batches:rename'
  | 'batches:sheet'
  | 'batches:resume'
  | 'batches:cancel'
  | 'batches:retryFailed'
  | 'batches:download'
  | 'batches:export';

export interface BatchHandlersDeps {
  context: JobsContext;
  batches: BatchStore;
  runner: BatchRunner;
  /** A batch changed (state, or created): tell the page. */
  changed(view: BatchView): void;
  /** Queues the download of these jobs' files (the downloads domain's own start). */
  startDownloads(jobIds: string[]): Promise<{ queued: string[]; skipped: string[]; saved: string[] }>;
  /** The file a job was downloaded to, if it is still there. */
  localFile(jobId: string): Promise<string | null>;
  dialogs?: Dialogs;
}

export function batchHandlers(deps: BatchHandlersDeps): Pick<Handlers, BatchChannel> {
  const { context, batches, runner } = deps;
  const { repo, accounts } = context;
  const activeId = () => accounts.registry.active().id;

  /** The active account's batch, or a clear refusal. */
  const own = async (id: string) => {
    const row = await batches.get(id);
    if (!row || row.accountId !== activeId()) {
      throw new AppError('not-found', 'That batch is not in this account’s history.');
    }
    return row;
  };
  const setState = async (id: string, state: BatchState): Promise<BatchView> => {
    await own(id);
    await batches.setState(id, state);
    const view = batchView(await own(id));
    deps.changed(view);
    return view;
  };

  return {
    'batches:list': async () => {
      const { activeId: id } = accounts.registry;
      return id ? (await batches.list(id)).map(batchView) : [];
    },
    'batches:create': async (batch) => {
      const accountId = activeId();
      const submittedBy = (await context.submittedBy?.()) ?? null;
      const id = await createBatch(
        batches,
        context.lifecycle,
        accountId,
        batch,
        context.clock.now(),
        submittedBy,
      );
      const view = batchView(await own(id));
      deps.changed(view);
      runner.wake(id);
      return view;
    },
    'batches:pause': async ({ id }) => setState(id, 'paused'),
    'batches:rename': async ({ id, name }) => {
      await own(id);
      await batches.rename(id, name);
      const view = batchView(await own(id));
      deps.changed(view);
      return view;
    },
    'batches:sheet': async ({ id }) => {
      await own(id);
      const sheet = await batches.sheet(id);
      return sheet ? { columns: sheet.columns, rows: sheet.rows, lines: sheetLines(sheet) } : null;
    },
    'batches:resume': async ({ id }) => {
      const view = await setState(id, 'running');
      runner.wake(id);
      return view;
    },
    'batches:cancel': async ({ id }) => {
      const view = await setState(id, 'cancelled');
      await context.lifecycle.withdrawnFromBatch({ id, accountId: view.accountId });
      return view;
    },
    'batches:retryFailed': async ({ id }) => {
      const batch = await own(id);
      // The very rows whose cost was said before the question (jobs:requeueCost): one rule for both.
      const { refused, failed } = retryableInBatch(await repo.inBatch(id));
      for (const row of refused) await context.lifecycle.backToPending(row, null);
      const result = failed.length
        ? await requeueJobs(
            context,
            failed.map((row) => row.id),
          )
        : null;
      if (refused.length && batch.state !== 'running') await setState(id, 'running');
      runner.wake(id);
      return { resent: refused.length, requeued: result?.requeued.length ?? 0 };
    },
    'batches:download': async ({ id }) => {
      await own(id);
      const finished = (await repo.inBatch(id)).filter((row) => row.status === 'SUCCESS' && row.outputPath);
      if (finished.length === 0) return { queued: [], skipped: [], saved: [] };
      return deps.startDownloads(finished.map((row) => row.id));
    },
    'batches:export': async ({ id, format }) => {
      const batch = await own(id);
      if (!deps.dialogs) throw new AppError('internal', 'Files cannot be saved from here.');
      const jobs = await repo.inBatch(id);
      const files = new Map<string, string>();
      for (const job of jobs) {
        const file = await deps.localFile(job.id);
        if (file) files.set(job.id, file);
      }
      const table = batchTable(await batches.sheet(id), jobs, files);
      const base = batch.name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'batch';
      const path = await deps.dialogs.chooseSaveFile({
        title: format === 'csv' ? 'Export the batch as CSV' : 'Export the batch as an Excel workbook',
        defaultName: `${base} results.${format}`,
        filters: [
          format === 'csv' ? { name: 'CSV', extensions: ['csv'] } : { name: 'Excel', extensions: ['xlsx'] },
        ],
      });
      if (!path) return { path: null, rows: table.length - 1 };
      try {
        await writeFileAtomically(path, format === 'csv' ? tableCsv(table) : tableXlsx(table, batch.name));
      } catch (error) {
        throw saveError(error, 'The file', path);
      }
      return { path, rows: table.length - 1 };
    },
  };
}
