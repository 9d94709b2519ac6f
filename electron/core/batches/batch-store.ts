// The batches port: batches as the batches domain needs them, in domain types (see jobs/job-store.ts).
import type { BatchState } from '../../shared/domain/batch';
import type { TemplateBatch } from '../downloads/template-job';
import type { Batch, BatchSheet, NewBatchRecord } from './batch';

export interface BatchStore {
  /** The batch and every one of its rows, as pending jobs, at once: all of it or nothing. */
  create(batch: NewBatchRecord): void;
  get(id: string): Batch | undefined;
  list(accountId: string): Batch[];
  /** Batches to go on with at start. */
  runningBatches(): Batch[];
  setState(id: string, state: BatchState): void;
  rename(id: string, name: string): void;
  sheet(id: string): BatchSheet | null;
  /** What the naming template knows of the batch: its name, template and spreadsheet. */
  templateBatch(id: string): TemplateBatch | null;
}
