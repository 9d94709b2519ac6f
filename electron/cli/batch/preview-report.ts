// What a sheet will become, before anything is sent: its rows' problems (errors leave a row out, warnings
// are said and allowed, as in the app's preview), the columns and fields left unmatched, and the cost
// against the balance.
import { notesRowsWords } from '../../shared/domain/notes-rows';
import type { ImportPreview } from '../../shared/domain/batch-import';
import type { RowIssue } from '../../shared/domain/batch-sheet';
import type { CliRun } from '../cli-run';
import { counted } from '../../shared/domain/plural';

const SHOWN_ERRORS = 10;
const SHOWN_WARNINGS = 5;

export interface PreviewFigures {
  /** The rows that will be sent (ready, up to --first). */
  count: number;
  /** Expected credits in all, or null when the project has no finished job to learn from. */
  cost: number | null;
}

export function previewFigures(preview: ImportPreview, first: number | undefined): PreviewFigures {
  const count = first === undefined ? preview.ready : Math.min(first, preview.ready);
  const cost = preview.estimate.typical === null ? null : preview.estimate.typical * count;
  return { count, cost };
}

const ROW_PREFIX = /^Row (\d+): /;

/**
 * Warnings in as few lines as they can be said: an empty field is one line for all its rows ("“Photo” is
 * empty (rows 2, 3, 5 and 40 more)"), since a column left out of the sheet makes one per row.
 */
export function warningLines(warnings: readonly RowIssue[]): string[] {
  const lines: string[] = [];
  const empties = new Map<string, RowIssue[]>();
  for (const issue of warnings) {
    if (issue.code !== 'empty' || issue.field === null) lines.push(issue.message);
    else empties.set(issue.field, [...(empties.get(issue.field) ?? []), issue]);
  }
  const grouped = [...empties.values()].map((issues) => {
    const first = issues[0]?.message ?? '';
    if (issues.length === 1) return first;
    const rows = issues.map((issue) => ROW_PREFIX.exec(issue.message)?.[1] ?? String(issue.row + 1));
    const more = rows.length > 3 ? ` and ${rows.length - 3} more` : '';
    return `${first.replace(ROW_PREFIX, '').replace(/\.$/, '')} (rows ${rows.slice(0, 3).join(', ')}${more}).`;
  });
  return [...grouped, ...lines];
}

export function reportPreview(
  run: CliRun,
  preview: ImportPreview,
  first: number | undefined,
): PreviewFigures {
  const { out } = run;
  const figures = previewFigures(preview, first);
  const errors = preview.issues.filter((issue) => issue.level === 'error');
  const warnings = preview.issues.filter((issue) => issue.level === 'warning');
  const fieldLabel = (id: string) => preview.fields.find((field) => field.id === id)?.label ?? id;
  out.record({
    type: 'preview',
    file: preview.fileName,
    projectId: preview.projectId,
    projectName: preview.projectName,
    rows: preview.sheet.rows.length,
    ready: preview.ready,
    toSend: figures.count,
    errors: errors.length,
    warnings: warnings.length,
    issues: preview.issues,
    mapping: preview.mapping,
    unmatchedColumns: preview.unmatchedColumns,
    unmatchedFields: preview.unmatchedFields,
    unusedFiles: preview.files.unused,
    estimate: preview.estimate,
    cost: figures.cost,
    balance: preview.balance,
  });
  const c = out.err;
  out.note(
    `${c.bold(preview.fileName)} → ${c.bold(preview.projectName || preview.projectId)}: ${counted(preview.sheet.rows.length, 'row', 'rows')}, ${preview.ready} ready.`,
  );
  const notes = notesRowsWords(preview.sheet.notesLines);
  if (notes) out.note(`  ${notes}`);
  if (preview.unmatchedColumns.length)
    out.note(`  Columns not used: ${preview.unmatchedColumns.map((name) => `“${name}”`).join(', ')}.`);
  if (preview.unmatchedFields.length)
    out.note(`  Fields no column fills (left empty): ${preview.unmatchedFields.map(fieldLabel).join(', ')}.`);
  for (const issue of errors.slice(0, SHOWN_ERRORS)) out.note(`  ${c.red('✖')} ${issue.message}`);
  if (errors.length > SHOWN_ERRORS) out.note(`  … and ${errors.length - SHOWN_ERRORS} more row errors.`);
  const said = warningLines(warnings);
  for (const line of said.slice(0, SHOWN_WARNINGS)) out.note(`  ${c.yellow('!')} ${line}`);
  if (said.length > SHOWN_WARNINGS) out.note(`  … and ${said.length - SHOWN_WARNINGS} more warnings.`);
  if (errors.length)
    out.note(c.dim('  Rows with errors are left out. Fix the sheet and run again to send them.'));
  if (!preview.uploads.available && preview.files.count > 0 && preview.uploads.reason)
    out.warn(`  ${preview.uploads.reason}`);
  const balance = preview.balance === null ? 'balance unknown' : `balance ${preview.balance}`;
  const cost =
    figures.cost === null
      ? 'cost unknown (no finished job of this project yet)'
      : `about ${figures.cost} credits (${preview.estimate.typical} a job, from ${preview.estimate.samples} finished)`;
  out.note(`  ${counted(figures.count, 'job', 'jobs')}: ${cost}; ${balance}.`);
  if (figures.cost !== null && preview.balance !== null && figures.cost > preview.balance)
    out.warn(
      '  The balance may run out before the batch is done: send fewer rows (--first N), or add credits.',
    );
  return figures;
}
