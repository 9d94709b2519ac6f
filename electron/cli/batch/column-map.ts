// `--map column=field`: which sheet column fills which field, where the automatic matching (by id or
// label, whatever the case or spacing, and the project's remembered mapping) is not what the person wants.
import type { ImportPreview } from '../../shared/domain/batch-import';
import type { ColumnMapping } from '../../shared/domain/batch-sheet';
import { UsageError } from '../cli-error';
import { fieldName } from '../field-values';

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}@]+/gu, '');

export function columnMapping(pairs: readonly string[], preview: ImportPreview): ColumnMapping {
  const mapping: ColumnMapping = {};
  const { columns } = preview.sheet;
  for (const pair of pairs) {
    // The last `=`: a header may hold one, a field id does not.
    const at = pair.lastIndexOf('=');
    const columnText = at > 0 ? pair.slice(0, at).trim() : '';
    const fieldText = at > 0 ? pair.slice(at + 1).trim() : '';
    if (!columnText || !fieldText) {
      throw new UsageError(
        `--map takes column=field; got “${pair}”.`,
        'For example: --map "Head line=headline"',
      );
    }
    const column =
      columns.find((candidate) => candidate === columnText) ??
      columns.find((candidate) => squash(candidate) === squash(columnText));
    if (column === undefined) {
      throw new UsageError(
        `The sheet has no column “${columnText}”.`,
        `Its columns: ${columns.map((name) => `“${name}”`).join(', ')}.`,
      );
    }
    const field =
      preview.fields.find((candidate) => candidate.id === fieldText) ??
      preview.fields.find(
        (candidate) =>
          squash(candidate.id) === squash(fieldText) || squash(candidate.label) === squash(fieldText),
      );
    if (!field) {
      throw new UsageError(
        `${preview.projectName || 'The project'} has no field “${fieldText}”.`,
        `Its fields: ${preview.fields.map(fieldName).join(', ')}.`,
      );
    }
    mapping[field.id] = { from: 'column', column };
  }
  return mapping;
}
