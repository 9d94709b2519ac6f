// The batches table: one row per batch (its project, name, session id, state, spreadsheet and naming
// template). A new batch and all its rows (as `pending` jobs) are written in one transaction, so that a
// crash leaves either the whole batch, ready to be sent, or nothing.
import type { Database, Statement } from 'better-sqlite3';
import type { BatchState } from '../../../shared/domain/batch';
import type { TemplateBatch } from '../../downloads/template-job';
import type { SqliteJobs } from './sqlite-jobs';
import type { BatchStore } from '../../batches/batch-store';
import type { Batch, BatchSheet, NewBatchRecord } from '../../batches/batch';
import { batchOf, type BatchRow } from '../row-mappers';

export class SqliteBatches implements BatchStore {
  private readonly insert: Statement;
  private readonly byId: Statement;
  private readonly byAccount: Statement;
  private readonly running: Statement;
  private readonly setStateStatement: Statement;
  private readonly renameStatement: Statement;
  private readonly templates = new Map<string, TemplateBatch>();

  constructor(
    private readonly db: Database,
    private readonly jobs: SqliteJobs,
  ) {
    this.insert = db.prepare(`
      INSERT INTO batches (id, account_id, project_id, project_name, job_type, name, created_ms, row_count,
        session_id, state, sheet_json, name_template)
      VALUES (@id, @accountId, @projectId, @projectName, @jobType, @name, @nowMs, @rowCount, @sessionId,
        'running', @sheet, @nameTemplate)`);
    this.byId = db.prepare(`SELECT * FROM batches WHERE id = ?`);
    this.byAccount = db.prepare(`SELECT * FROM batches WHERE account_id = ? ORDER BY created_ms DESC, id`);
    this.running = db.prepare(`SELECT * FROM batches WHERE state = 'running' ORDER BY created_ms, id`);
    this.setStateStatement = db.prepare(`UPDATE batches SET state = ? WHERE id = ?`);
    this.renameStatement = db.prepare(`UPDATE batches SET name = ? WHERE id = ?`);
  }

  /** The batch and every one of its rows, as pending jobs, at once. */
  async create(batch: NewBatchRecord): Promise<void> {
    this.db.transaction(() => {
      this.insert.run({
        ...batch,
        rowCount: batch.jobs.length,
        sheet: batch.sheet ? JSON.stringify(batch.sheet) : null,
      });
      for (const job of batch.jobs) this.jobs.insertNow(job, 'pending');
    })();
  }

  async get(id: string): Promise<Batch | undefined> {
    const row = this.byId.get(id) as BatchRow | undefined;
    return row && batchOf(row);
  }

  async list(accountId: string): Promise<Batch[]> {
    return (this.byAccount.all(accountId) as BatchRow[]).map(batchOf);
  }

  /** Batches to go on with at start. */
  async runningBatches(): Promise<Batch[]> {
    return (this.running.all() as BatchRow[]).map(batchOf);
  }

  async setState(id: string, state: BatchState): Promise<void> {
    this.setStateStatement.run(state, id);
  }

  /** A new name: its view, the Queue's filter and `{batch}` in the names of files saved from now on. */
  async rename(id: string, name: string): Promise<void> {
    this.renameStatement.run(name, id);
    this.templates.delete(id);
  }

  async sheet(id: string): Promise<BatchSheet | null> {
    return (await this.get(id))?.sheet ?? null;
  }

  /** What the naming template knows of the batch: its name, template and spreadsheet (parsed once). */
  async templateBatch(id: string): Promise<TemplateBatch | null> {
    const cached = this.templates.get(id);
    if (cached) return cached;
    const found = await this.get(id);
    if (!found) return null;
    const batch: TemplateBatch = {
      name: found.name,
      nameTemplate: found.nameTemplate,
      columns: found.sheet?.columns ?? [],
      rows: found.sheet?.rows ?? [],
    };
    // A batch's sheet never changes (a rename drops this copy); its downloads ask for it once per file.
    this.templates.set(id, batch);
    return batch;
  }
}
