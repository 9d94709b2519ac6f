// A batch as the core knows it (what every store hands out), and the pure rules about its spreadsheet.
import type { BatchState, BatchView } from '../../shared/domain/batch';
import type { NewSubmission } from '../jobs/job';

export interface BatchSheet {
  columns: string[];
  rows: string[][];
  /** Each row's number in the file; missing in batches written before it was kept (see sheetLines). */
  lines?: number[];
}

export interface Batch {
  id: string;
  accountId: string;
  projectId: string;
  projectName: string | null;
  jobType: string | null;
  name: string;
  createdMs: number;
  rowCount: number;
  sessionId: string | null;
  /** Anything a store does not know reads as running, as the view shows it. */
  state: string;
  /** The spreadsheet it was made from, or null (none kept, or damaged). */
  sheet: BatchSheet | null;
  nameTemplate: string | null;
}

/**
 * Each row's number in its file: as kept, else (a batch made before the numbers were kept) as a sheet with
 * its header on row 1 and no blank rows numbers them, or 1, 2, 3… for a folder of dropped files.
 */
export function sheetLines(sheet: BatchSheet): number[] {
  if (sheet.lines && sheet.lines.length === sheet.rows.length) return sheet.lines;
  const files = sheet.columns.length === 2 && sheet.columns[0] === 'File' && sheet.columns[1] === 'Name';
  return sheet.rows.map((_row, i) => i + (files ? 1 : 2));
}

export interface NewBatchRecord {
  id: string;
  accountId: string;
  projectId: string;
  projectName: string;
  jobType: string;
  name: string;
  sessionId: string;
  nameTemplate: string | null;
  sheet: BatchSheet | null;
  nowMs: number;
  jobs: NewSubmission[];
}

/** A stored sheet, read defensively: anything but columns and rows is no sheet at all. */
export function parseSheet(json: string | null): BatchSheet | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<BatchSheet>;
    if (!Array.isArray(value.columns) || !Array.isArray(value.rows)) return null;
    const lines = Array.isArray(value.lines) && value.lines.every(Number.isInteger) ? value.lines : undefined;
    return { columns: value.columns, rows: value.rows, ...(lines ? { lines } : {}) };
  } catch {
    return null;
  }
}

export function batchView(batch: Batch): BatchView {
  const state: BatchState = batch.state === 'paused' || batch.state === 'cancelled' ? batch.state : 'running';
  return {
    id: batch.id,
    accountId: batch.accountId,
    projectId: batch.projectId,
    projectName: batch.projectName ?? '',
    name: batch.name,
    createdAt: new Date(batch.createdMs).toISOString(),
    state,
    rows: batch.rowCount,
    nameTemplate: batch.nameTemplate,
    columns: batch.sheet?.columns ?? [],
  };
}
