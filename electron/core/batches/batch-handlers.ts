// The IPC handlers of the batches domain.
import type { BatchState, BatchView } from '../../shared/domain/batch';
import type { Handlers } from '../../shared/ipc/contract';
import { AppError } from '../app/app-error';
import type { JobsContext } from '../jobs/jobs-context';
import { requeueJobs } from '../jobs/requeue';
import { batchView, type BatchRepository } from './batch-repository';
import type { BatchRunner } from './batch-runner';
import { createBatch } from './create-batch';

type BatchChannel =
  | 'batches:list'
  | 'batches:create'
  | 'batches:pause'
  | 'batches:resume'
  | 'batches:cancel'
  | 'batches:retryFailed';

export interface BatchHandlersDeps {
  context: JobsContext;
  batches: BatchRepository;
  runner: BatchRunner;
  /** A batch changed (state, or created): tell the page. */
  changed(view: BatchView): void;
}

export function batchHandlers(deps: BatchHandlersDeps): Pick<Handlers, BatchChannel> {
  const { context, batches, runner } = deps;
  const { repo, accounts, feed } = context;
  const activeId = () => accounts.registry.active().id;

  /** The active account's batch, or a clear refusal. */
  const own = (id: string) => {
    const row = batches.get(id);
    if (!row || row.account_id !== activeId()) {
      throw new AppError('not-found', 'That batch is not in this account’s history.');
    }
    return row;
  };
  const setState = (id: string, state: BatchState): BatchView => {
    own(id);
    batches.setState(id, state);
    const view = batchView(own(id));
    deps.changed(view);
    return view;
  };

  return {
    'batches:list': async () => {
      const { activeId: id } = accounts.registry;
      return id ? batches.list(id).map(batchView) : [];
    },
    'batches:create': async (batch) => {
      const accountId = activeId();
      const id = createBatch(batches, accountId, batch, context.clock.now());
      for (const row of repo.inBatch(id)) feed.changed(accountId, row.id);
      const view = batchView(own(id));
      deps.changed(view);
      runner.wake(id);
      return view;
    },
    'batches:pause': async ({ id }) => setState(id, 'paused'),
    'batches:resume': async ({ id }) => {
      const view = setState(id, 'running');
      runner.wake(id);
      return view;
    },
    'batches:cancel': async ({ id }) => {
      const view = setState(id, 'cancelled');
      for (const jobId of repo.removeInBatch(id, 'pending')) feed.changed(view.accountId, jobId);
      return view;
    },
    'batches:retryFailed': async ({ id }) => {
      const batch = own(id);
      const rows = repo.inBatch(id);
      const refused = rows.filter((row) => row.tracking === 'refused');
      for (const row of refused) {
        repo.setTracking(row.id, 'pending', null);
        feed.changed(batch.account_id, row.id);
      }
      const failed = rows.filter((row) => row.status === 'FAILED' && row.uuid !== null && !row.archived);
      const result = failed.length
        ? await requeueJobs(
            context,
            failed.map((row) => row.id),
          )
        : null;
      if (refused.length && batch.state !== 'running') setState(id, 'running');
      runner.wake(id);
      return { resent: refused.length, requeued: result?.requeued.length ?? 0 };
    },
  };
}
