// Fixes made in the preview, and rows left out, kept by each row's own cells (a hash), not by its place:
// when the file is dropped again (fixed in Excel, a row added) a fix applies wherever its row still has the
// value it replaced, and says so where it no longer can.
import { createHash } from 'node:crypto';
import type { RowFix } from '../../shared/domain/batch-import';
import type { Sheet } from '../../shared/domain/batch-sheet';

export function rowKeyOf(cells: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(cells)).digest('hex').slice(0, 24);
}

export interface FixedSheet {
  sheet: Sheet;
  /** The key of each row, from its cells as imported (before any fix). */
  rowKeys: string[];
  applied: RowFix[];
  stale: RowFix[];
}

export function applyFixes(sheet: Sheet, fixes: readonly RowFix[]): FixedSheet {
  const rowKeys = sheet.rows.map(rowKeyOf);
  const rowsByKey = new Map<string, number[]>();
  rowKeys.forEach((key, index) => rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), index]));
  const rows = sheet.rows.map((row) => [...row]);
  const applied: RowFix[] = [];
  const stale: RowFix[] = [];
  for (const fix of fixes) {
    const column = sheet.columns.indexOf(fix.column);
    const targets = column === -1 ? [] : (rowsByKey.get(fix.rowKey) ?? []);
    let used = false;
    for (const index of targets) {
      const row = rows[index];
      if (row && sheet.rows[index]?.[column] === fix.from) {
        row[column] = fix.to;
        used = true;
      }
    }
    (used ? applied : stale).push(fix);
  }
  return { sheet: { ...sheet, rows }, rowKeys, applied, stale };
}
