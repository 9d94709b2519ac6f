// Every row of a mapped sheet checked as the form checks one job, cell by cell, in the person's words and
// naming the row as their spreadsheet numbers it: an empty field (a warning), a file not found or named
// twice, a file that is not what its field takes or too large, an address that is not https, a volume or
// start out of range, a colour that is none and a text longer than the output shows (a warning), by the
// rules the form and the CLI share (field-value-rules.ts), and a row that repeats an earlier one (a
// warning). One pass; 10,000 rows are fine.
import type { ImportField } from '../../shared/domain/batch-import';
import type { ColumnMapping, RowIssue, Sheet } from '../../shared/domain/batch-sheet';
import { assetProblem, ASSET_RULES, type AssetKind } from '../../shared/domain/asset';
import { contentProblem } from '../../shared/domain/asset-content';
import { checkFieldValue, valueToSend } from '../../shared/domain/field-value-rules';
import { HTTP_EXCEPTION_WORDS, isAllowedWebAddress } from '../../shared/domain/urls';
import { resolveAssetCell, type CellValue, type FileIndex } from './match-files';

export interface CheckedRows {
  /** Per row, per field id: what the cell resolved to. */
  values: Map<string, CellValue>[];
  issues: RowIssue[];
  /** Rows with at least one error. */
  failing: Set<number>;
  /** Dropped files no row uses (relative paths). */
  unusedFiles: string[];
}

/** A volume as a share (0–1): `0.5`, `50%` or `50 %`; null when it is not a number. */
export function parseVolume(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  const percent = /^(-?\d+(?:\.\d+)?)\s*%$/.exec(trimmed);
  if (percent) return Number(percent[1]) / 100;
  return /^-?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

export function parseSeconds(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return /^-?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

function cellOf(
  sheet: Sheet,
  mapping: ColumnMapping,
  field: string,
  row: number,
  columns: Map<string, number>,
): string {
  const source = mapping[field];
  if (!source || source.from === 'none') return '';
  if (source.from === 'constant') return source.value;
  const index = columns.get(source.column);
  return index === undefined ? '' : (sheet.rows[row]?.[index] ?? '');
}

export function checkRows(
  sheet: Sheet,
  fields: readonly ImportField[],
  mapping: ColumnMapping,
  files: FileIndex,
  /** The project's type: what its output shows well depends on it. */
  projectType = '',
): CheckedRows {
  const columns = new Map(sheet.columns.map((column, index) => [column, index]));
  const issues: RowIssue[] = [];
  const failing = new Set<number>();
  const used = new Set<string>();
  const seen = new Map<string, number>();
  const values: Map<string, CellValue>[] = [];

  sheet.rows.forEach((_cells, row) => {
    const name = `Row ${sheet.lines[row] ?? row + 2}`;
    const add = (field: string | null, level: RowIssue['level'], code: RowIssue['code'], message: string) => {
      issues.push({ row, field, level, code, message });
      if (level === 'error') failing.add(row);
    };
    const resolved = new Map<string, CellValue>();
    const raw: string[] = [];
    for (const field of fields) {
      const cell = cellOf(sheet, mapping, field.id, row, columns);
      raw.push(cell);
      const label = `“${field.label}”`;
      if (field.kind === 'image' || field.kind === 'audio') {
        const value = resolveAssetCell(cell, files);
        resolved.set(field.id, value);
        checkAsset(
          field.kind,
          value,
          label,
          name,
          (code, message) => add(field.id, 'error', code, message),
          used,
        );
        if (value.kind === 'empty') add(field.id, 'warning', 'empty', `${name}: ${label} is empty.`);
      } else if (field.kind === 'music') {
        const text = cell.trim();
        resolved.set(field.id, text === '' ? { kind: 'empty' } : { kind: 'url', url: text });
        if (text !== '' && !isAllowedWebAddress(text)) {
          add(
            field.id,
            'error',
            'bad-url',
            `${name}: ${label} “${text}” is not a web address starting with https:// (${HTTP_EXCEPTION_WORDS}).`,
          );
        }
      } else if (field.kind === 'volume' || field.kind === 'start') {
        const text = cell.trim();
        resolved.set(field.id, text === '' ? { kind: 'empty' } : { kind: 'text', text });
        if (text === '') continue;
        const number = field.kind === 'volume' ? parseVolume(text) : parseSeconds(text);
        if (field.kind === 'volume' && (number === null || number < 0 || number > 1)) {
          add(
            field.id,
            'error',
            'out-of-range',
            `${name}: ${label} “${text}” must be from 0 to 100% (or 0 to 1).`,
          );
        } else if (field.kind === 'start' && (number === null || number < 0)) {
          add(
            field.id,
            'error',
            'out-of-range',
            `${name}: ${label} “${text}” must be a number of seconds, 0 or more.`,
          );
        }
      } else {
        // A colour goes as #rrggbb, whatever name or code the cell holds.
        const text = valueToSend(field.kind, cell);
        resolved.set(field.id, cell === '' ? { kind: 'empty' } : { kind: 'text', text });
        if (cell.trim() === '') add(field.id, 'warning', 'empty', `${name}: ${label} is empty.`);
        const { error, warning } = checkFieldValue(projectType, field, cell);
        if (error) add(field.id, 'error', 'bad-colour', `${name}: ${error}`);
        if (warning) add(field.id, 'warning', 'too-long', `${name}: ${warning}`);
      }
    }
    values.push(resolved);
    const key = JSON.stringify(raw);
    const earlier = seen.get(key);
    if (earlier === undefined) seen.set(key, row);
    else {
      add(
        null,
        'warning',
        'duplicate-row',
        `${name} repeats row ${sheet.lines[earlier] ?? earlier + 2}: the same job would be made twice.`,
      );
    }
  });
  return {
    values,
    issues,
    failing,
    unusedFiles: files.files.map((file) => file.relativePath).filter((path) => !used.has(path)),
  };
}

function checkAsset(
  kind: AssetKind,
  value: CellValue,
  label: string,
  row: string,
  fail: (code: RowIssue['code'], message: string) => void,
  used: Set<string>,
): void {
  if (value.kind === 'missing') {
    fail(
      'file-not-found',
      `${row}: ${label} names “${value.name}”, which is not among the dropped files. Drop it too, or correct the name.`,
    );
  } else if (value.kind === 'ambiguous') {
    fail(
      'file-not-found',
      `${row}: ${label} “${value.name}” could be ${value.candidates.join(' or ')}. Write the folder too, e.g. ${value.candidates[0]}.`,
    );
  } else if (value.kind === 'url' && !isAllowedWebAddress(value.url)) {
    fail(
      'bad-url',
      `${row}: ${label} “${value.url}” is not a web address starting with https:// (${HTTP_EXCEPTION_WORDS}).`,
    );
  } else if (value.kind === 'file') {
    used.add(value.file.relativePath);
    const name = value.file.relativePath;
    const tooLarge = value.file.size > ASSET_RULES[kind].maxBytes;
    const problem = tooLarge
      ? assetProblem(kind, { name, type: ASSET_RULES[kind].mimeTypes[0], size: value.file.size })
      : contentProblem(kind, name, value.file.head);
    if (problem) fail(tooLarge ? 'file-too-large' : 'wrong-file', `${row}: ${problem}`);
  }
}
