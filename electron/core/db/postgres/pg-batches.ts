// The team's batches in PostgreSQL: the batches port (batches/batch-store.ts) as SQLite's SqliteBatches
// answers it. A new batch and all its rows (pending jobs) are written in ONE transaction on one pooled
// client, so a crash or a dropped connection leaves either the whole batch, ready to be sent, or nothing.
import type { BatchState } from '../../../shared/domain/batch';
import type { BatchStore } from '../../batches/batch-store';
import type { TemplateBatch } from '../../downloads/template-job';
import type { Batch, BatchSheet, NewBatchRecord } from '../../batches/batch';
import { batchOf, type BatchRow } from '../row-mappers';
import type { PgAccess } from './pg-access';
import { insertSubmissions, type PgClientIdentity } from './pg-jobs';

/** A row of the batches table as PostgreSQL returns it. */

const BATCH_COLUMNS = `id, account_id, project_id, project_name, job_type, name, created_ms, row_count,
  session_id, state, sheet_json, name_template`;

export class PgBatches implements BatchStore {
  /** Each batch's spreadsheet, parsed once: it never changes (its name may, on any computer: read each time). */
  private readonly sheets = new Map<string, Pick<TemplateBatch, 'columns' | 'rows'>>();

  constructor(
    private readonly db: PgAccess,
    private readonly who: PgClientIdentity,
  ) {}

  /** The batch and every one of its rows, as pending jobs: BEGIN … COMMIT, all of it or nothing. */
  async create(batch: NewBatchRecord): Promise<void> {
    await this.db.transaction(async (client) => {
      await client.query(
        `INSERT INTO batches (id, account_id, project_id, project_name, job_type, name, created_ms, row_count,
           session_id, state, sheet_json, name_template, submitted_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'running', $10, $11, $12)`,
        [
          batch.id,
          batch.accountId,
          batch.projectId,
          batch.projectName,
          batch.jobType,
          batch.name,
          batch.nowMs,
          batch.jobs.length,
          batch.sessionId,
          batch.sheet ? JSON.stringify(batch.sheet) : null,
          batch.nameTemplate,
          this.who.submittedBy,
        ],
      );
      await insertSubmissions(client, batch.jobs, 'pending', this.who);
    });
  }

  async get(id: string): Promise<Batch | undefined> {
    const [row] = await this.db.read<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM batches WHERE id = $1`, [id]);
    return row && batchOf(row);
  }

  async list(accountId: string): Promise<Batch[]> {
    const rows = await this.db.read<BatchRow>(
      `SELECT ${BATCH_COLUMNS} FROM batches WHERE account_id = $1 ORDER BY created_ms DESC, id COLLATE "C"`,
      [accountId],
    );
    return rows.map(batchOf);
  }

  async runningBatches(): Promise<Batch[]> {
    const rows = await this.db.read<BatchRow>(
      `SELECT ${BATCH_COLUMNS} FROM batches WHERE state = 'running' ORDER BY created_ms, id COLLATE "C"`,
    );
    return rows.map(batchOf);
  }

  async setState(id: string, state: BatchState): Promise<void> {
    await this.db.write(`UPDATE batches SET state = $2 WHERE id = $1`, [id, state]);
  }

  async rename(id: string, name: string): Promise<void> {
    await this.db.write(`UPDATE batches SET name = $2 WHERE id = $1`, [id, name]);
  }

  async sheet(id: string): Promise<BatchSheet | null> {
    return (await this.get(id))?.sheet ?? null;
  }

  /**
   * What the naming template knows of the batch. Unlike SQLite's, the name and template are read each time:
   * a colleague may rename the batch on another computer, and no copy here would hear of it.
   */
  async templateBatch(id: string): Promise<TemplateBatch | null> {
    const sheet = this.sheets.get(id);
    if (sheet) {
      const [row] = await this.db.read<{ name: string; name_template: string | null }>(
        `SELECT name, name_template FROM batches WHERE id = $1`,
        [id],
      );
      return row ? { name: row.name, nameTemplate: row.name_template, ...sheet } : null;
    }
    const found = await this.get(id);
    if (!found) return null;
    const parsed = { columns: found.sheet?.columns ?? [], rows: found.sheet?.rows ?? [] };
    this.sheets.set(id, parsed);
    return { name: found.name, nameTemplate: found.nameTemplate, ...parsed };
  }
}
