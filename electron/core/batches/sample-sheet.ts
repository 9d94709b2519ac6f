// A project's sample sheet: a Name column and one column per field the rows fill (headed by the field's
// label, which the import matches back), one example row that imports without a problem, and a notes row
// saying what each column takes. The notes row starts with "# " so that the import skips it (read-sheet.ts).
import type { ImportField, SampleColumn } from '../../shared/domain/batch-import';
import { textFitOf } from '../../shared/domain/text-fit';
import { normalizeHeader } from './match-columns';

/** A field the project itself calls optional ("Voice-over (optional)"), as the form reads it. */
const SAYS_OPTIONAL = /\(\s*optional\s*\)/i;

export const NAME_HEADER = 'Name';

const whereFiles = (name: string) =>
  `its file name in the folder you drop with the sheet (e.g. ${name} or photos/${name}), or a web address (https://…)`;

function columnOf(field: ImportField, projectType: string): SampleColumn {
  const optional = SAYS_OPTIONAL.test(field.label) || ['music', 'volume', 'start'].includes(field.kind);
  const plainLabel = field.label.replace(SAYS_OPTIONAL, '').trim() || field.id;
  const [expects, example] = ((): [string, string] => {
    switch (field.kind) {
      case 'color':
        return ['A colour: #rrggbb (e.g. #1f6feb), #rgb or a colour name such as teal', '#1f6feb'];
      case 'image':
        return [`A picture: ${whereFiles('anna.jpg')}`, 'https://example.com/photo.jpg'];
      case 'audio':
        return [`An audio file: ${whereFiles('voice.mp3')}`, 'https://example.com/voice.mp3'];
      case 'music':
        return [
          `Background music: an audio file, ${whereFiles('music.mp3')}`,
          'https://example.com/music.mp3',
        ];
      case 'volume':
        return ['The music’s volume, from 0 to 100% (50% when empty)', '50%'];
      case 'start':
        return ['Seconds into the music to start from (0 when empty)', '0'];
      default: {
        // How much of it the output shows well, where the project's type makes that known (text-fit.ts).
        const fit = field.kind === 'text' ? textFitOf(projectType, field) : null;
        const words = fit ? `Text; ${fit.output} shows about ${fit.shows} characters well` : 'Text';
        return [words, `Your ${plainLabel.toLowerCase()} here`];
      }
    }
  })();
  return {
    header: field.label,
    fieldId: field.id,
    kind: field.kind,
    expects: optional ? `${expects} (optional)` : expects,
    optional,
    example,
  };
}

/** The sample's columns: Name first (unless a field is already called so), then every field's. */
export function sampleColumns(fields: readonly ImportField[], projectType = ''): SampleColumn[] {
  const columns = fields.map((field) => columnOf(field, projectType));
  if (fields.some((field) => normalizeHeader(field.label) === normalizeHeader(NAME_HEADER))) return columns;
  return [
    {
      header: NAME_HEADER,
      fieldId: null,
      kind: 'name',
      expects: 'What to call the row, for its file’s name (optional; no field of the project uses it)',
      optional: true,
      example: 'Lisbon',
    },
    ...columns,
  ];
}

/** Header, the example row, and the notes row (its first cell starting "# ", which the import skips). */
export function sampleTable(columns: readonly SampleColumn[]): string[][] {
  const notes = columns.map((column, i) => (i === 0 ? `# ${column.expects}` : column.expects));
  return [columns.map((column) => column.header), columns.map((column) => column.example), notes];
}

/** The file name offered in the save dialog: "<project> sample sheet.csv". */
export function sampleFileName(projectName: string, format: 'csv' | 'xlsx'): string {
  const base = projectName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Project';
  return `${base} sample sheet.${format}`;
}
