// The IPC handlers of the jobs domain.
import type { Handlers } from '../../shared/ipc/contract';
import { AppError } from '../kernel/app-error';
import type { Dialogs } from '../kernel/ports';
import { saveError, writeFileAtomically } from '../files/write-file-atomically';
import { estimateCost } from './cost-estimate';
import { jobsCsv } from './csv-export';
import { toDetail } from './job-mapper';
import type { Job } from './job';
import { viewOf, type JobsContext } from './jobs-context';
import { requeueJobs } from './requeue';
import { rerunCost } from './rerun-cost';
import { discardJob, resubmitJob, submitJob } from './submitter';
import { trackJob } from './track-job';

type JobChannel =
  | 'jobs:submit'
  | 'jobs:list'
  | 'jobs:get'
  | 'jobs:requeue'
  | 'jobs:track'
  | 'jobs:resubmit'
  | 'jobs:discard'
  | 'jobs:remove'
  | 'jobs:export'
  | 'jobs:notice'
  | 'jobs:costEstimate'
  | 'jobs:requeueCost'
  | 'jobs:pollHealth'
  | 'jobs:pollNow';

export function jobHandlers(
  context: JobsContext,
  dialogs: Dialogs | undefined,
  notice: string | null,
): Pick<Handlers, JobChannel> {
  const { repo, accounts, feed } = context;
  const activeId = () => accounts.registry.active().id;
  const existing = async (id: string) => {
    const row = await repo.get(id);
    if (!row) throw new AppError('not-found', 'That job is no longer in the history.');
    return row;
  };

  return {
    'jobs:submit': (request) => submitJob(context, activeId(), request),
    'jobs:list': async (params) => {
      // Changes not yet sent as events are in the list already; drop them from the next event.
      await feed.flush();
      const { activeId: id } = accounts.registry;
      const rows = id ? await repo.list(id) : [];
      const archived = params?.includeArchived ? await repo.listArchived() : [];
      return [...rows, ...archived].map((row) => viewOf(context, row));
    },
    'jobs:get': async ({ id }) => {
      const row = await existing(id);
      return toDetail(
        row,
        await repo.payload(row.id),
        context.polling.expectedAt(row),
        context.polling.nextPollAt(row),
      );
    },
    'jobs:requeue': ({ ids }) => requeueJobs(context, ids),
    'jobs:requeueCost': async (params) => rerunCost(context, params),
    'jobs:pollHealth': async () => context.polling.health(activeId()),
    'jobs:pollNow': async () => {
      context.polling.retryNow(activeId());
      return undefined;
    },
    'jobs:track': ({ uuid }) => trackJob(context, activeId(), uuid),
    'jobs:resubmit': ({ id }) => resubmitJob(context, id),
    'jobs:discard': async ({ id }) => {
      await discardJob(context, id);
      return undefined;
    },
    'jobs:remove': async ({ ids }) => {
      // A job being sent stays until the service answers: removing it now would lose a job that exists.
      const removed = await context.lifecycle.removed(ids);
      for (const row of removed) context.polling.unfollow(row);
      return { removed: removed.length };
    },
    'jobs:notice': async () => ({ message: notice }),
    'jobs:costEstimate': async ({ projectId }) => estimateCost(await repo.charges(activeId(), projectId)),
    'jobs:export': async ({ ids }) => {
      if (!dialogs) throw new AppError('internal', 'Files cannot be saved from here.');
      const found = await Promise.all(ids.map((id) => repo.get(id)));
      const rows = found.filter((row): row is Job => row !== undefined);
      if (rows.length === 0)
        throw new AppError('invalid-input', 'None of those jobs is in the history any more.');
      const date = new Date(context.clock.now()).toISOString().slice(0, 10);
      const path = await dialogs.chooseSaveFile({
        title: 'Export jobs as CSV',
        defaultName: `jobs-${date}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      });
      if (!path) return { path: null, rows: 0 };
      try {
        await writeFileAtomically(path, jobsCsv(rows.map((row) => viewOf(context, row))));
      } catch (error) {
        throw saveError(error, 'The CSV', path);
      }
      return { path, rows: rows.length };
    },
  };
}
