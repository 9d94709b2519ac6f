// The rows a sheet's import left out as notes for people (first cell starting "# "), said in words by the
// batch preview and `jrs batch`, so a row that was meant as a job is never dropped without a word.
import { pluralWord } from './plural';

const SHOWN = 8;

/** "Row 3 is a note …, not a job." / "Rows 3, 9 and 12 are notes …"; null when there are none. */
export function notesRowsWords(lines: readonly number[] | undefined): string | null {
  if (!lines || lines.length === 0) return null;
  const named = lines.slice(0, SHOWN).map(String);
  const list =
    lines.length > SHOWN
      ? `${named.join(', ')} and ${(lines.length - SHOWN).toLocaleString('en')} more`
      : named.length === 1
        ? named[0]
        : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  const many = lines.length > 1;
  return `${pluralWord(lines.length, 'Row', 'Rows')} ${list} ${many ? 'are notes' : 'is a note'} (${many ? 'their' : 'its'} first cell starts with “# ”), not ${many ? 'jobs' : 'a job'}: remove the “# ” to send ${many ? 'them' : 'it'}.`;
}
