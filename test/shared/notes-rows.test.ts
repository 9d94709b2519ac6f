// The words for rows left out as notes: named by their lines, never silently.
import { expect, it } from 'vitest';
import { notesRowsWords } from '../../electron/shared/domain/notes-rows';
import { readSheet } from '../../electron/core/batches/read-sheet';

it('names the rows a sheet left out as notes, by their lines in the file', () => {
  const sheet = readSheet(
    new TextEncoder().encode(
      'Name,Headline\nana,Spring\n# Text up to 60,Notes\nben,Summer\n# 1 seller,Gone\n',
    ),
    'rows.csv',
  );
  expect(sheet.rows).toEqual([
    ['ana', 'Spring'],
    ['ben', 'Summer'],
  ]);
  expect(sheet.notesLines).toEqual([3, 5]);
  expect(notesRowsWords(sheet.notesLines)).toBe(
    'Rows 3 and 5 are notes (their first cell starts with “# ”), not jobs: remove the “# ” to send them.',
  );
  expect(notesRowsWords([3])).toBe(
    'Row 3 is a note (its first cell starts with “# ”), not a job: remove the “# ” to send it.',
  );
  expect(notesRowsWords(Array.from({ length: 10 }, (_, i) => i + 2))).toMatch(
    /^Rows 2, 3, 4, 5, 6, 7, 8, 9 and 2 more are notes/,
  );
  expect(notesRowsWords([])).toBeNull();
});
