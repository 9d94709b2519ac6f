// The batches table: one row per batch (its project, name, session id, state, spreadsheet and naming
// template). A new batch and all its rows (as `pending` jobs) are written in one transaction, so that a
// crash leaves either the whole batch, ready to be sent, or nothing.
import type { Database, Statement } from 'better-sqlite3';
import type { BatchState, BatchView } from '../../shared/domain/batch';
import type { TemplateBatch } from '../downloads/template-job';
import type { NewSubmission } from '../jobs/job';
import type { JobRepository } from '../jobs/job-repository';

export interface BatchRow {
  id: string;
  account_id: string;
  project_id: string;
  project_name: string | null;
  job_type: string | null;
  name: string;
  created_ms: number;
  row_count: number;
  notified: number;
  session_id: string | null;
  state: string;
  sheet_json: string | null;
  name_template: string | null;
}

export interface BatchSheet {
  columns: string[];
  rows: string[][];
  /** Each row's number in the file; missing in batches written before it was kept (see sheetLines). */
  lines?: number[];
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

function parseSheet(json: string | null): BatchSheet | null {
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

export function batchView(row: BatchRow): BatchView {
  const state = row.state === 'paused' || row.state === 'cancelled' ? row.state : 'running';
  return {
    id: row.id,
    accountId: row.account_id,
    projectId: row.project_id,
    projectName: row.project_name ?? '',
    name: row.name,
    createdAt: new Date(row.created_ms).toISOString(),
    state,
    rows: row.row_count,
    nameTemplate: row.name_template,
    columns: parseSheet(row.sheet_json)?.columns ?? [],
  };
}

export class BatchRepository {
  private readonly insert: Statement;
  private readonly byId: Statement;
  private readonly byAccount: Statement;
  private readonly running: Statement;
  private readonly setStateStatement: Statement;
  private readonly renameStatement: Statement;
  private readonly templates = new Map<string, TemplateBatch>();

  constructor(
    private readonly db: Database,
    private readonly jobs: JobRepository,
  ) {
    this.insert = db.prepare(`
      INSERT INTO batches (id, account_id, project_id, project_name, job_type, name, created_ms, row_count,
        session_id, state, sheet_json, name_template)
      VALUES (@id, @accountId, @projectId, @projectName, @jobType, @name, @nowMs, @rowCount, @sessionId,
        'running', @sheet, @nameTemplate)`);
    this.byId = db.prepare(`SELECT * FROM batches WHERE id = ?`);
    this.byAccount = db.prepare(`SELECT * FROM batches WHERE account_id = ? ORDER BY created_ms DESC`);
    this.running = db.prepare(`SELECT * FROM batches WHERE state = 'running' ORDER BY created_ms`);
    this.setStateStatement = db.prepare(`UPDATE batches SET state = ? WHERE id = ?`);
    this.renameStatement = db.prepare(`UPDATE batches SET name = ? WHERE id = ?`);
  }

  /** The batch and every one of its rows, as pending jobs, at once. */
  create(batch: NewBatchRecord): void {
    this.db.transaction(() => {
      this.insert.run({
        ...batch,
        rowCount: batch.jobs.length,
        sheet: batch.sheet ? JSON.stringify(batch.sheet) : null,
      });
      for (const job of batch.jobs) this.jobs.insertSubmission(job, 'pending');
    })();
  }

  get(id: string): BatchRow | undefined {
    return this.byId.get(id) as BatchRow | undefined;
  }

  list(accountId: string): BatchRow[] {
    return this.byAccount.all(accountId) as BatchRow[];
  }

  /** Batches to go on with at start. */
  runningBatches(): BatchRow[] {
    return this.running.all() as BatchRow[];
  }

  setState(id: string, state: BatchState): void {
    this.setStateStatement.run(state, id);
  }

  /** A new name: its view, the Queue's filter and `{batch}` in the names of files saved from now on. */
  rename(id: string, name: string): void {
    this.renameStatement.run(name, id);
    this.templates.delete(id);
  }

  sheet(id: string): BatchSheet | null {
    return parseSheet(this.get(id)?.sheet_json ?? null);
  }

  /** What the naming template knows of the batch: its name, template and spreadsheet (parsed once). */
  templateBatch(id: string): TemplateBatch | null {
    const cached = this.templates.get(id);
    if (cached) return cached;
    const row = this.get(id);
    if (!row) return null;
    const sheet = parseSheet(row.sheet_json);
    const batch: TemplateBatch = {
      name: row.name,
      nameTemplate: row.name_template,
      columns: sheet?.columns ?? [],
      rows: sheet?.rows ?? [],
    };
    // A batch's sheet never changes (a rename drops this copy); its downloads ask for it once per file.
    this.templates.set(id, batch);
    return batch;
  }
}
