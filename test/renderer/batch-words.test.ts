// Batch sentences say counts with their plural forms ("1 problem keeps", "Submit 1 job") and say nothing of
// a count of zero ("0 refused rows sent again" became "1 failed job requeued.").
import { describe, expect, it } from 'vitest';
import {
  downloadWords,
  exportWords,
  issuesWords,
  retryWords,
  submitWords,
} from '../../src/features/batches/batch-words';

describe('batch words', () => {
  it('says one problem, one warning and one job in the singular', () => {
    expect(issuesWords(1, 1)).toBe(
      '1 problem keeps rows out until fixed. 1 warning (empty fields, repeated rows) is allowed. ',
    );
    expect(issuesWords(3, 0)).toBe('3 problems keep rows out until fixed. ');
    expect(issuesWords(0, 0)).toBe('');
    expect(submitWords(1)).toBe('Submit 1 job');
    expect(submitWords(1204)).toBe('Submit 1,204 jobs');
  });

  it('leaves out what Retry failed did not do, and says when there was nothing to retry', () => {
    expect(retryWords(0, 1)).toBe('1 failed job requeued.');
    expect(retryWords(2, 0)).toBe('2 refused rows sent again.');
    expect(retryWords(1, 3)).toBe('1 refused row sent again, 3 failed jobs requeued.');
    expect(retryWords(0, 0)).toBe('No refused rows to send again and no failed jobs to requeue.');
  });

  it('says rows and files in the right form', () => {
    expect(exportWords(1, '/tmp/a.csv')).toBe('Saved 1 row to /tmp/a.csv.');
    expect(downloadWords(1, 0)).toBe('1 file on the way, 0 already saved.');
    expect(downloadWords(2, 5)).toBe('2 files on the way, 5 already saved.');
  });
});
