// A batch's spreadsheet as imported (its rows never change), asked of core once per batch and kept: the
// batch view numbers its rows as the file does and shows each row's name and the values it was made from.
import { useEffect, useState } from 'react';
import type { BatchSheetView } from '../../../electron/shared/domain/batch';
import type { JobView } from '../../../electron/shared/domain/job';
import { api, call } from '../../lib/api';

const sheets = new Map<string, Promise<BatchSheetView | null>>();

/** The batch's sheet; null while it is read, for a batch without one, or when it cannot be read. */
export function useBatchSheet(batchId: string): BatchSheetView | null {
  const [sheet, setSheet] = useState<{ id: string; sheet: BatchSheetView | null } | null>(null);
  useEffect(() => {
    let live = true;
    let asked = sheets.get(batchId);
    if (!asked) {
      asked = call(() => api().batches.sheet({ id: batchId })).catch(() => {
        sheets.delete(batchId);
        return null;
      });
      sheets.set(batchId, asked);
    }
    void asked.then((found) => live && setSheet({ id: batchId, sheet: found }));
    return () => {
      live = false;
    };
  }, [batchId]);
  return sheet?.id === batchId ? sheet.sheet : null;
}

/** A column the person calls the row's name by ("Name", "name", "NAME:"). */
const isNameColumn = (column: string) => column.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '') === 'name';

export interface RowWords {
  /** The row's number in its file (the header is row 1). */
  line: number;
  /** Its Name column's cell (a dropped file's name without extension); '' when the sheet has none. */
  name: string;
  /** The job's text values, or else the cells it was made from (a dropped photo's file name). */
  values: string;
}

/** What the batch view says of a job's row. */
export function rowWords(job: JobView, sheet: BatchSheetView | null): RowWords {
  const index = job.batchRow ?? 0;
  const cells = sheet?.rows[index] ?? [];
  // A folder of dropped files is a sheet of File and Name: the name is the file's, its file the value.
  const nameAt = sheet ? sheet.columns.findIndex(isNameColumn) : -1;
  const name = nameAt === -1 ? '' : (cells[nameAt] ?? '').trim();
  const made = cells
    .filter((cell, i) => i !== nameAt && cell.trim() !== '')
    .map((cell) => cell.trim())
    .join(' · ');
  return {
    line: sheet?.lines[index] ?? index + 1,
    name,
    values: job.summary.trim() || made,
  };
}
