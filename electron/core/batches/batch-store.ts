// The batches port: batches as the batches domain needs them, in domain types (see jobs/job-store.ts).
import type { BatchState } from '../../shared/domain/batch';
import type { TemplateBatch } from '../downloads/template-job';
import type { Batch, BatchSheet, NewBatchRecord } from './batch';

export interface BatchStore {
  /** The batch and every one of its rows, as pending jobs, at once: all of it or nothing. */
  create(batch: NewBatchRecord): Promise<void>;
  get(id: string): Promise<Batch | undefined>;
  list(accountId: string): Promise<Batch[]>;
  /** Batches to go on with at start. */
  runningBatches(): Promise<Batch[]>;
  setState(id: string, state: BatchState): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  sheet(id: string): Promise<BatchSheet | null>;
  /** What the naming template knows of the batch: its name, template and spreadsheet. */
  templateBatch(id: string): Promise<TemplateBatch | null>;
}
