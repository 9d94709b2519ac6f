// Sentences about a batch's counts (the import summary, Submit, Retry failed, exports and downloads), each
// count with its plural form and a count of nothing left unsaid.
import { counted, pluralWord } from '../../../electron/shared/domain/plural';

/** What the preview's problems and warnings do, with a trailing space; '' when there are none. */
export function issuesWords(errors: number, warnings: number): string {
  return [
    errors > 0 ? `${counted(errors, 'problem keeps', 'problems keep')} rows out until fixed. ` : '',
    warnings > 0
      ? `${counted(warnings, 'warning', 'warnings')} (empty fields, repeated rows) ${pluralWord(warnings, 'is', 'are')} allowed. `
      : '',
  ].join('');
}

export function submitWords(count: number): string {
  return `Submit ${counted(count, 'job', 'jobs')}`;
}

/** What Retry failed did: only the parts that happened, or that there was nothing to retry. */
export function retryWords(resent: number, requeued: number): string {
  const parts = [
    resent > 0 ? `${counted(resent, 'refused row', 'refused rows')} sent again` : '',
    requeued > 0 ? `${counted(requeued, 'failed job', 'failed jobs')} requeued` : '',
  ].filter((part) => part !== '');
  if (parts.length === 0) return 'No refused rows to send again and no failed jobs to requeue.';
  const sentence = parts.join(', ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

export function exportWords(rows: number, path: string): string {
  return `Saved ${counted(rows, 'row', 'rows')} to ${path}.`;
}

export function downloadWords(queued: number, saved: number): string {
  return `${counted(queued, 'file', 'files')} on the way, ${saved.toLocaleString('en')} already saved.`;
}

/** What became of a finished batch, under its bar: only the words "Every row is done." when all succeeded. */
export function finishedWords(progress: {
  total: number;
  succeeded: number;
  failed: number;
  refused: number;
  lost: number;
  unknown: number;
}): string {
  const { total, succeeded, failed } = progress;
  if (succeeded === total) return 'Every row is done.';
  if (failed === total)
    return total === 1 ? 'The row failed.' : `All ${counted(total, 'row', 'rows')} failed.`;
  const parts = [
    succeeded > 0 ? `${succeeded.toLocaleString('en')} succeeded` : '',
    failed > 0 ? `${failed.toLocaleString('en')} failed` : '',
    progress.refused > 0 ? `${progress.refused.toLocaleString('en')} refused` : '',
    progress.lost > 0 ? `${progress.lost.toLocaleString('en')} lost` : '',
    progress.unknown > 0 ? `${progress.unknown.toLocaleString('en')} with an unknown outcome` : '',
  ].filter((part) => part !== '');
  return succeeded === 0
    ? `No row succeeded: ${parts.join(', ')}.`
    : `Every row is done: ${parts.join(', ')}.`;
}

const today = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** A new batch's name until the person writes another: the sheet's file name and the day, "banners · 26 Nov 2026". */
export function defaultBatchName(fileName: string, now: Date = new Date()): string {
  const stem = fileName.replace(/\.(csv|tsv|txt|xlsx|xls)$/i, '').trim() || 'Batch';
  return `${stem} · ${today.format(now)}`;
}
