// Which spreadsheet column fills which field: by the field's id or its label, whatever the case, spacing or
// punctuation ("Head line", "head_line" and "HEADLINE:" are all `headline`); a mapping remembered from the
// project's last import wins where its column is still there; background music by its usual headers.
import { VIDEO_JOB_TYPES } from '../../shared/api/job-types';
import type { MappingFields } from '../../shared/api/schemas';
import type { ColumnMapping } from '../../shared/domain/batch-sheet';
import { BACKGROUND_FIELDS, type ImportField } from '../../shared/domain/batch-import';
import { formFieldsOf } from '../../shared/domain/field-kinds';

export function normalizeHeader(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

const BACKGROUND_HEADERS: Record<string, readonly string[]> = {
  [BACKGROUND_FIELDS.music]: ['backgroundmusic', 'music', 'musicurl', 'backgroundmusicurl'],
  [BACKGROUND_FIELDS.volume]: ['backgroundvolume', 'musicvolume', 'volume'],
  [BACKGROUND_FIELDS.start]: ['backgroundstart', 'musicstart', 'startoffset', 'start'],
};

/** The fields a row of this project fills, in the form's order, then the background music's. */
export function importFields(mapping: Pick<MappingFields, 'fields'>, projectType: string): ImportField[] {
  const fields: ImportField[] = formFieldsOf(mapping).map((field) => ({
    id: field.id,
    label: field.label,
    kind: field.type.kind,
  }));
  if ((VIDEO_JOB_TYPES as readonly string[]).includes(projectType)) {
    fields.push(
      { id: BACKGROUND_FIELDS.music, label: 'Background music', kind: 'music' },
      { id: BACKGROUND_FIELDS.volume, label: 'Music volume', kind: 'volume' },
      { id: BACKGROUND_FIELDS.start, label: 'Music start (seconds)', kind: 'start' },
    );
  }
  return fields;
}

export interface ColumnMatch {
  mapping: ColumnMapping;
  unmatchedColumns: string[];
  unmatchedFields: string[];
}

export function matchColumns(
  columns: readonly string[],
  fields: readonly ImportField[],
  remembered: ColumnMapping = {},
): ColumnMatch {
  const byKey = new Map<string, string>();
  for (const column of columns) {
    const key = normalizeHeader(column);
    if (key && !byKey.has(key)) byKey.set(key, column);
  }
  const used = new Set<string>();
  const mapping: ColumnMapping = {};
  const take = (field: ImportField, column: string | undefined) => {
    if (column === undefined || used.has(column)) return false;
    mapping[field.id] = { from: 'column', column };
    used.add(column);
    return true;
  };
  // Remembered choices first, where they still apply; then the names.
  for (const field of fields) {
    const source = remembered[field.id];
    if (source?.from === 'constant' || source?.from === 'none') mapping[field.id] = source;
    else if (source?.from === 'column' && columns.includes(source.column)) take(field, source.column);
  }
  for (const field of fields) {
    if (mapping[field.id]) continue;
    const keys = [
      normalizeHeader(field.id),
      normalizeHeader(field.label),
      ...(BACKGROUND_HEADERS[field.id] ?? []),
    ];
    for (const key of keys) if (take(field, byKey.get(key))) break;
  }
  for (const field of fields) mapping[field.id] ??= { from: 'none' };
  return {
    mapping,
    unmatchedColumns: columns.filter((column) => !used.has(column)),
    unmatchedFields: fields.filter((field) => mapping[field.id]?.from === 'none').map((field) => field.id),
  };
}
