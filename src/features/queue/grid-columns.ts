// The queue's columns: header words, the sort each one applies, and the class that sizes it (and hides the
// less important ones in a narrow window; see queue.css).
import type { SortKey } from './queue-filter';

export interface GridColumn {
  key: 'select' | 'file' | SortKey;
  label: string;
  /** null: not sortable (the selection's checkbox, and File, whose state lives outside the job). */
  sort: SortKey | null;
}

export const GRID_COLUMNS: readonly GridColumn[] = [
  { key: 'select', label: 'Selected', sort: null },
  { key: 'status', label: 'Status', sort: 'status' },
  { key: 'project', label: 'Project', sort: 'project' },
  { key: 'type', label: 'Type', sort: 'type' },
  { key: 'summary', label: 'Values', sort: 'summary' },
  { key: 'created', label: 'Created', sort: 'created' },
  { key: 'finished', label: 'Finished', sort: 'finished' },
  { key: 'eta', label: 'Time left', sort: 'eta' },
  { key: 'batch', label: 'Batch', sort: 'batch' },
  { key: 'file', label: 'File', sort: null },
  { key: 'credits', label: 'Credits', sort: 'credits' },
];

export const ROW_HEIGHT = 40;
export const HEADER_HEIGHT = 36;

/** The grid's DOM id: focus returns to it (on its active row) when the details drawer closes. */
export const JOBS_GRID_ID = 'jobs-grid';

/** The DOM id of a row, for aria-activedescendant. */
export function rowDomId(jobId: string): string {
  return `job-row-${jobId}`;
}
