// Where the preview's problems are, in the order "Next problem" visits them (row by row, left to right; a
// problem of a whole row, or of a field no column fills, at its Problems cell), and a row's problems in words.
import type { RowIssue } from '../../../../electron/shared/domain/batch-sheet';
import { counted } from '../../../../electron/shared/domain/plural';

/** A cell with a problem: its row (index in the sheet) and column, or null for the row's Problems cell. */
export interface ProblemTarget {
  row: number;
  column: number | null;
}

export function problemTargets(
  issues: readonly RowIssue[],
  columnOfField: ReadonlyMap<string, number>,
): ProblemTarget[] {
  const seen = new Set<string>();
  const targets: ProblemTarget[] = [];
  for (const issue of issues) {
    const found = issue.field === null ? undefined : columnOfField.get(issue.field);
    const column = found === undefined || found < 0 ? null : found;
    const key = `${issue.row}:${column}`;
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push({ row: issue.row, column });
  }
  // Row by row, left to right, the Problems cell last.
  return targets.sort((a, b) => a.row - b.row || (a.column ?? Infinity) - (b.column ?? Infinity));
}

/** One problem as it is said; several as their count and the first ("2 problems: Row 3: …"). */
export function problemWords(issues: readonly RowIssue[]): string {
  const [first] = issues;
  if (!first) return '';
  return issues.length === 1
    ? first.message
    : `${counted(issues.length, 'problem', 'problems')}: ${first.message}`;
}
