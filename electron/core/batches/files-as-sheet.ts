// Files dropped without a spreadsheet: one job per file. They are made into a sheet of their own (a row
// per file, by path, with its name without extension for `{row.name}` file names), whose File column
// fills the project's first image or audio field of the files' kind; the other fields take constants (or
// the ones remembered for the project). Everything after (preview, fixes, export back) is the sheet's.
import type { ImportField } from '../../shared/domain/batch-import';
import type { ColumnMapping, Sheet } from '../../shared/domain/batch-sheet';
import { ASSET_RULES } from '../../shared/domain/asset';
import type { DroppedFile } from './match-files';

export const FILE_COLUMN = 'File';
export const NAME_COLUMN = 'Name';

const kindOf = (path: string): 'image' | 'audio' | null => {
  const lower = path.toLowerCase();
  if (ASSET_RULES.image.extensions.some((ext) => lower.endsWith(ext))) return 'image';
  if (ASSET_RULES.audio.extensions.some((ext) => lower.endsWith(ext))) return 'audio';
  return null;
};

const stemOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');

/** A row per dropped file, in path order (as a file manager lists them). */
export function sheetOfFiles(files: readonly DroppedFile[]): Sheet {
  const paths = files
    .map((file) => file.relativePath)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }));
  return {
    columns: [FILE_COLUMN, NAME_COLUMN],
    rows: paths.map((path) => [path, stemOf(path)]),
    lines: paths.map((_path, i) => i + 1),
    sheetNames: [],
    sheetName: null,
    encoding: 'dropped files',
    separator: null,
  };
}

/**
 * The File column into the first field of the kind most files are (images when as many), the project's
 * remembered constants kept; null when the project has no field for these files.
 */
export function filesMapping(
  files: readonly DroppedFile[],
  fields: readonly ImportField[],
  remembered: ColumnMapping,
): ColumnMapping | null {
  let images = 0;
  let audio = 0;
  for (const file of files) {
    const kind = kindOf(file.relativePath);
    if (kind === 'image') images += 1;
    else if (kind === 'audio') audio += 1;
  }
  const preferred: readonly ImportField['kind'][] = audio > images ? ['audio', 'image'] : ['image', 'audio'];
  const target =
    fields.find((field) => field.kind === preferred[0]) ??
    fields.find((field) => field.kind === preferred[1]);
  if (!target) return null;
  const mapping: ColumnMapping = {};
  for (const [field, source] of Object.entries(remembered)) {
    if (source.from === 'constant') mapping[field] = source;
  }
  mapping[target.id] = { from: 'column', column: FILE_COLUMN };
  return mapping;
}
