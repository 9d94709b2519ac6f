// Sentences about the queue's actions: what a requeue did (how many went back, which were lost, which were
// skipped and why), what an export wrote, what a removal removed.
import type { JobView, RequeueResult } from '../../../electron/shared/domain/job';
import { jobCount, jobName, shortId } from '../jobs/job-words';
import type { Notice } from './queue-store';

const NAMED = 5;

function names(ids: readonly string[], lookup: (id: string) => JobView | undefined): string {
  const named = ids.slice(0, NAMED).map((id) => {
    const job = lookup(id);
    return job ? `“${jobName(job, 32)}” (${shortId(job.uuid ?? job.id)})` : `job ${shortId(id)}`;
  });
  const more = ids.length - named.length;
  return more > 0 ? `${named.join('; ')} and ${more} more` : named.join('; ');
}

export function requeueNotice(result: RequeueResult, lookup: (id: string) => JobView | undefined): Notice {
  const { requeued, lost, skipped } = result;
  const sentences = [
    requeued.length > 0
      ? `Requeued ${jobCount(requeued.length)}: the service runs ${requeued.length === 1 ? 'it' : 'them'} again.`
      : 'No job was requeued.',
  ];
  if (lost.length > 0) {
    sentences.push(
      `${lost.length === 1 ? '1 job is' : `${lost.length} jobs are`} lost: the service no longer knows ${names(lost, lookup)}.`,
    );
  }
  if (skipped.length > 0) {
    sentences.push(
      `${skipped.length === 1 ? '1 job was' : `${skipped.length} jobs were`} skipped: not yet created on the service, of unknown outcome, or of a removed account.`,
    );
  }
  const clean = lost.length === 0 && skipped.length === 0;
  return {
    tone: clean ? 'success' : 'warning',
    title: clean ? 'Requeued' : requeued.length > 0 ? 'Partly requeued' : 'Nothing requeued',
    message: sentences.join(' '),
  };
}

export function exportNotice(result: { path: string | null; rows: number }): Notice {
  if (result.path === null) return { tone: 'info', title: 'Export cancelled', message: 'No file was saved.' };
  return {
    tone: 'success',
    title: 'Exported',
    message: `Saved ${jobCount(result.rows)} as CSV to ${result.path}`,
  };
}

export function removeNotice(asked: number, removed: number): Notice {
  const gone = removed === asked ? '' : ` ${jobCount(asked - removed)} had already gone.`;
  return {
    tone: 'success',
    title: 'Removed from history',
    message: `Removed ${jobCount(removed)} from the history.${gone} Jobs still running on the service keep running.`,
  };
}
