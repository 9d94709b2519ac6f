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
