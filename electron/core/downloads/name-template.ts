// Where a finished job's file goes under the download folder, from a template the person writes, e.g.
// `{project}/{date}/{jobId}.{ext}` or `{project}/{values.headline}.{ext}`. Every part is made safe by
// safe-path.ts after it is filled in, so no job's values can move a file out of the folder; a template
// with an unknown part is refused with the list of the known ones.

import { TEMPLATE_PARTS } from '../../shared/domain/download';
import { safeSegments } from './safe-path';
import { EXTENSION_OF_TYPE } from '../../shared/domain/media-types';

/**
 * A file that says what it is once moved out of its folder: "Spring Launch - Ana Sousa - 0f8fad5b.mp4".
 * Only new accounts get it; a template saved before stays as it was.
 */
export const DEFAULT_TEMPLATE = '{project}/{date}/{project} - {name} - {shortId}.{ext}';

export { TEMPLATE_PARTS };

export interface TemplateJob {
  uuid: string;
  projectId: string;
  projectName: string;
  jobType: string;
  status: string | null;
  /** ISO 8601; when it finished, or else when it was created. */
  finishedAt: string | null;
  createdAt: string | null;
  batchName: string | null;
  batchRow: number | null;
  values: Record<string, unknown>;
  /** The cells of its batch row by column (a batch from a spreadsheet), for `{row.<column>}`. */
  row?: Record<string, string> | null;
}

/** A column as `{row.<column>}` names it: case, spaces and punctuation do not matter. */
export function columnKey(column: string): string {
  return column.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

const PART = /\{([^{}]*)\}/g;

/** Why the template cannot be used, in the person's words; null when it can. */
export function templateProblem(template: string): string | null {
  if (template.trim() === '') return 'Write a name for the files, e.g. {project}/{jobId}.{ext}.';
  if (/[{}]/.test(template.replace(PART, '')))
    return 'A brace is not closed: each part is written {like-this}.';
  for (const [, name = ''] of template.matchAll(PART)) {
    if (!(name in TEMPLATE_PARTS) && !/^(values|row)\.[^{}]+$/.test(name)) {
      return `{${name}} is not a part of a name. Use ${Object.keys(TEMPLATE_PARTS)
        .filter((part) => !part.includes('<'))
        .map((part) => `{${part}}`)
        .join(', ')}, {values.<field id>} or {row.<column>}.`;
    }
  }
  return null;
}

/** The extension: the storage path's own, else the one of the Content-Type, else `bin`. */
export function extensionOf(storagePath: string | null, contentType: string | null): string {
  const last = storagePath?.split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const own = dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
  if (/^[a-z0-9]{1,8}$/.test(own)) return own;
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return EXTENSION_OF_TYPE[type] ?? 'bin';
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

// Whitespace and control characters around a value (a cell's trailing newline) would become "_" in the name.
const EDGES = /^[\s\p{Cc}]+|[\s\p{Cc}]+$/gu;

/** `{name}` is cut to this (UTF-16 units and UTF-8 bytes), so the short id and extension after it stay. */
const NAME_MAX = 48;
const NAME_MAX_BYTES = 96;
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
// A value that is a link, a colour or a data address names nothing.
const NOT_A_NAME = /^(?:[a-z][a-z0-9+.-]*:|#[0-9a-f]{3,8}$)/i;
// Marks a part that came out empty, so that the " - " beside it goes too ("Spring Launch - 0f8fad5b.mp4").
const EMPTY = '\u0000';
// eslint-disable-next-line no-control-regex -- the marker is a control character no filled part keeps
const EMPTY_PART = /(?: - )?\u0000(?: - )?/g;

function cutName(text: string): string {
  let kept = '';
  for (const { segment } of GRAPHEMES.segment(text)) {
    const next = kept + segment;
    if (next.length > NAME_MAX || Buffer.byteLength(next, 'utf8') > NAME_MAX_BYTES) break;
    kept = next;
  }
  return kept.replace(/[\s.]+$/u, '');
}

/** The row's Name cell, else the first value that reads as text; '' when there is none. */
function nameOf(job: TemplateJob): string {
  const cells = Object.entries(job.row ?? {});
  const named = cells.find(([column]) => columnKey(column) === 'name')?.[1]?.replace(EDGES, '');
  if (named) return cutName(named);
  for (const value of Object.values(job.values)) {
    if (typeof value !== 'string') continue;
    const text = value.replace(EDGES, '');
    if (text !== '' && !NOT_A_NAME.test(text)) return cutName(text);
  }
  return '';
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/**
 * The relative path segments of the job's file: the template filled in, split at its slashes (the
 * template's own; a value's slashes are replaced), each segment made safe. `now` is for a job with no time.
 */
export function renderTemplate(template: string, job: TemplateJob, ext: string, now: Date): string[] {
  const when = new Date(job.finishedAt ?? job.createdAt ?? now.toISOString());
  const at = Number.isNaN(when.getTime()) ? now : when;
  const parts: Record<string, string> = {
    project: job.projectName.trim() || 'Untitled project',
    projectId: job.projectId,
    type: job.jobType,
    jobId: job.uuid,
    shortId: job.uuid.slice(0, 8),
    name: nameOf(job),
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}-${pad(at.getMinutes())}-${pad(at.getSeconds())}`,
    status: job.status ?? '',
    batch: job.batchName ?? '',
    row: job.batchRow === null ? '' : String(job.batchRow + 1),
    'row.index': job.batchRow === null ? '' : String(job.batchRow + 1),
    ext,
  };
  const cells = new Map(Object.entries(job.row ?? {}).map(([column, text]) => [columnKey(column), text]));
  // Filled in segment by segment, so that a value holding "/" stays inside its own segment.
  const segments = template
    .split('/')
    .map((segment) =>
      segment.replace(PART, (_whole, name: string) => {
        const text = name.startsWith('values.')
          ? valueText(job.values[name.slice(7)])
          : name.startsWith('row.') && !(name in parts)
            ? (cells.get(columnKey(name.slice(4))) ?? '')
            : (parts[name] ?? '');
        const filled = text.replace(EDGES, '').replace(/[/\\]/g, '_').replaceAll(EMPTY, '_');
        return filled === '' ? EMPTY : filled;
      }),
    )
    .map((segment) =>
      segment.replace(EMPTY_PART, (found) => (found.startsWith(' - ') && found.endsWith(' - ') ? ' - ' : '')),
    );
  // A name whose values were all empty ("{values.headline}.{ext}" on a job without one) is named after the
  // job instead of becoming a hidden ".mp4" (made "_mp4") shared by every such job.
  const last = segments.length - 1;
  const stem = (segments[last] ?? '').trim();
  if (stem === '' || stem.replace(new RegExp(`\\.${ext}$`), '').replace(/[. ]/g, '') === '') {
    segments[last] = `${job.uuid}${stem.endsWith(`.${ext}`) ? `.${ext}` : ''}`;
  }
  return safeSegments(segments);
}
