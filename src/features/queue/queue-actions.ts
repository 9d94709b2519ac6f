// The queue's actions on jobs: each calls one channel, brings the history up to date, and says how it went in
// the queue's one notice (errors as the sentence main sent). Only one runs at a time.
import type { JobDetail, JobView } from '../../../electron/shared/domain/job';
import { api, call, failureMessage } from '../../lib/api';
import { useJobFormStore } from '../job-form/job-form-store';
import { backgroundOf } from '../job-form/prefill';
import { jobName } from '../jobs/job-words';
import { useJobsStore } from '../jobs/jobs-store';
import { useNavStore } from '../navigation/nav-store';
import { exportNotice, removeNotice, requeueNotice } from './queue-words';
import { useQueueStore, type QueueAction } from './queue-store';

/** The channel's limit on ids per request. */
export const MAX_IDS = 10_000;

async function run(action: QueueAction, failureTitle: string, work: () => Promise<void>): Promise<boolean> {
  const queue = useQueueStore.getState();
  if (queue.busy) return false;
  queue.setBusy(action);
  queue.notify(null);
  try {
    await work();
    return true;
  } catch (error) {
    useQueueStore.getState().notify({ tone: 'error', title: failureTitle, message: failureMessage(error) });
    return false;
  } finally {
    useQueueStore.getState().setBusy(null);
  }
}

function tooMany(ids: readonly string[], verb: string): boolean {
  if (ids.length <= MAX_IDS) return false;
  useQueueStore.getState().notify({
    tone: 'error',
    title: `Too many jobs to ${verb} at once`,
    message: `${ids.length.toLocaleString()} jobs are chosen; the app takes at most ${MAX_IDS.toLocaleString()} at a time. Narrow the filters or select fewer.`,
  });
  return true;
}

const lookup = (id: string): JobView | undefined => useJobsStore.getState().byId[id];

export async function requeueJobs(ids: readonly string[]): Promise<void> {
  if (ids.length === 0 || tooMany(ids, 'requeue')) return;
  await run('requeue', 'The jobs could not be requeued', async () => {
    const result = await call(() => api().jobs.requeue({ ids: [...ids] }));
    useQueueStore.getState().notify(requeueNotice(result, lookup));
  });
}

export async function exportJobs(ids: readonly string[]): Promise<void> {
  if (ids.length === 0 || tooMany(ids, 'export')) return;
  await run('export', 'The CSV could not be saved', async () => {
    const result = await call(() => api().jobs.export({ ids: [...ids] }));
    useQueueStore.getState().notify(exportNotice(result));
  });
}

export async function removeJobs(ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0 || tooMany(ids, 'remove')) return false;
  return run('remove', 'The jobs could not be removed', async () => {
    const { removed } = await call(() => api().jobs.remove({ ids: [...ids] }));
    // Jobs of removed accounts send no event: the history is updated here for all of them.
    useJobsStore.getState().forget(ids);
    const queue = useQueueStore.getState();
    const gone = new Set(ids);
    if (queue.drawerId && gone.has(queue.drawerId)) queue.closeDrawer();
    queue.clearSelection();
    queue.notify(removeNotice(ids.length, removed));
  });
}

export async function resubmitJob(job: JobView): Promise<void> {
  await run('resubmit', 'The job could not be sent again', async () => {
    const sent = await call(() => api().jobs.resubmit({ id: job.id }));
    useJobsStore.getState().upsert(sent);
    useQueueStore.getState().notify(
      sent.tracking === 'unknown'
        ? {
            tone: 'warning',
            title: 'Outcome still unknown',
            message: `${jobName(sent)} was sent again, and again no answer came back. ${sent.trackingNote ?? 'Check your connection, then choose again.'}`,
          }
        : {
            tone: 'success',
            title: 'Sent again',
            message: `The service has ${jobName(sent)} now; the app follows it until it finishes.`,
          },
    );
  });
}

export async function discardJob(job: JobView): Promise<void> {
  await run('discard', 'The job could not be discarded', async () => {
    await call(() => api().jobs.discard({ id: job.id }));
    useJobsStore.getState().forget([job.id]);
    const queue = useQueueStore.getState();
    if (queue.drawerId === job.id) queue.closeDrawer();
    queue.notify({
      tone: 'info',
      title: 'Discarded',
      message: `The app no longer keeps ${jobName(job)}. If the service did create it, it still runs there.`,
    });
  });
}

/** Switches to Create with the job's project chosen and its values (and background settings) in the form. */
export async function duplicateIntoForm(job: JobView, detail: JobDetail | null): Promise<void> {
  await run('duplicate', 'The form could not be filled in', async () => {
    // The request holds the background settings; read it if the drawer has not yet (values suffice without).
    const input = detail
      ? detail.input
      : await call(() => api().jobs.get({ id: job.id })).then(
          (read) => read.input,
          () => null,
        );
    const background = backgroundOf(input);
    await useJobFormStore.getState().prefill(
      {
        projectId: job.projectId,
        values: job.values,
        ...(background ? { background } : {}),
        source: `“${jobName(job, 40)}”`,
      },
      job.projectName,
    );
    useNavStore.getState().go('create');
  });
}

/** Follows a job created elsewhere; throws main's failure for the dialog to show. */
export async function trackJob(uuid: string): Promise<JobView> {
  const job = await call(() => api().jobs.track({ uuid }));
  useJobsStore.getState().upsert(job);
  const queue = useQueueStore.getState();
  queue.openDrawer(job.id);
  queue.notify({
    tone: 'success',
    title: 'Now tracking',
    message: `${jobName(job)} is in the history; the app follows it until it finishes.`,
  });
  return job;
}
