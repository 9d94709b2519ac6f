// Issue 17 items 4–5 in words: the Queue's batch filter says each batch's name (two of one name told apart),
// a finished batch says what became of its rows ("All 3 rows failed."), the preview counts a row's problems
// with their plural form, and "Next problem" visits problems row by row, left to right.
import { describe, expect, it } from 'vitest';
import type { RowIssue } from '../../electron/shared/domain/batch-sheet';
import { finishedWords } from '../../src/features/batches/batch-words';
import { rowWords } from '../../src/features/batches/batch-sheet';
import { problemTargets, problemWords } from '../../src/features/batches/import/preview-problems';
import { filterOptions } from '../../src/features/queue/queue-filter';
import { job } from './fixtures';

describe('the Queue’s batch filter', () => {
  it('names each batch by its name, not its id; two of one name are told apart', () => {
    const byId = {
      a: job({ id: 'a', batchId: 'b24d10f6-1111', batchRow: 0 }),
      b: job({ id: 'b', batchId: 'c35e21a7-2222', batchRow: 0 }),
      c: job({ id: 'c', batchId: 'd46f32b8-3333', batchRow: 0 }),
    };
    const names = new Map([
      ['b24d10f6-1111', 'banners · 26 Nov 2026'],
      ['c35e21a7-2222', 'Spring launch'],
      ['d46f32b8-3333', 'Spring launch'],
    ]);
    expect(filterOptions(byId, names).batches.map((option) => option.label)).toEqual([
      'banners · 26 Nov 2026',
      'Spring launch (c35e21a7)',
      'Spring launch (d46f32b8)',
    ]);
  });
});

describe('a finished batch in words', () => {
  const counts = { total: 30, succeeded: 0, failed: 0, refused: 0, lost: 0, unknown: 0 };
  it('says every row failed, not that every row is done', () => {
    expect(finishedWords({ ...counts, failed: 30 })).toBe('All 30 rows failed.');
    expect(finishedWords({ ...counts, total: 1, failed: 1 })).toBe('The row failed.');
  });
  it('says "Every row is done." only of a batch that all succeeded, and counts the rest', () => {
    expect(finishedWords({ ...counts, succeeded: 30 })).toBe('Every row is done.');
    expect(finishedWords({ ...counts, succeeded: 28, failed: 2 })).toBe(
      'Every row is done: 28 succeeded, 2 failed.',
    );
    expect(finishedWords({ ...counts, failed: 20, refused: 10 })).toBe(
      'No row succeeded: 20 failed, 10 refused.',
    );
  });
});

describe('a batch row in the batch view', () => {
  const sheet = {
    columns: ['Name', 'Headline'],
    rows: [
      ['Ana', 'Hi'],
      ['Ben', 'Yo'],
    ],
    lines: [2, 5],
  };
  it('is numbered as the sheet numbers it and named by its Name column', () => {
    expect(rowWords(job({ batchRow: 1, summary: 'Yo' }), sheet)).toEqual({
      line: 5,
      name: 'Ben',
      values: 'Yo',
    });
  });
  it('shows the file a photos-only row was made from when it has no text', () => {
    const files = { columns: ['File', 'Name'], rows: [['photos/anna.png', 'anna']], lines: [1] };
    expect(rowWords(job({ batchRow: 0, summary: '' }), files)).toEqual({
      line: 1,
      name: 'anna',
      values: 'photos/anna.png',
    });
  });
});

describe('the preview’s problems', () => {
  const issue = (row: number, field: string | null, message = `Row ${row + 2}: wrong`): RowIssue => ({
    row,
    field,
    level: 'error',
    code: 'bad-url',
    message,
  });
  it('are counted with their plural form', () => {
    expect(problemWords([issue(0, 'a')])).toBe('Row 2: wrong');
    expect(problemWords([issue(0, 'a'), issue(0, null)])).toBe('2 problems: Row 2: wrong');
  });
  it('are visited row by row, left to right, a whole row’s at its Problems cell', () => {
    const columns = new Map([
      ['a', 0],
      ['b', 1],
    ]);
    expect(
      problemTargets([issue(3, null), issue(3, 'b'), issue(1, 'b'), issue(3, 'a'), issue(3, 'b')], columns),
    ).toEqual([
      { row: 1, column: 1 },
      { row: 3, column: 0 },
      { row: 3, column: 1 },
      { row: 3, column: null },
    ]);
  });
});
