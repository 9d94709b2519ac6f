// Batches of the active account: create one from checked rows, list them, pause, resume or cancel the
// sending of their rows, and send again what failed; changes come as events.
import { z } from 'zod';
import { batchSheetSchema, batchViewSchema, batchesChangedSchema, newBatchSchema } from '../../domain/batch';
import { none } from './common';

const oneBatch = z.object({ id: z.string().min(1).max(200) });

export const batchChannels = {
  'batches:list': { params: none, result: z.array(batchViewSchema) },
  'batches:create': { params: newBatchSchema, result: batchViewSchema },
  'batches:pause': { params: oneBatch, result: batchViewSchema },
  /** A new name for the batch (shown in its view, the list and the Queue's filter; `{batch}` in file names). */
  'batches:rename': {
    params: oneBatch.extend({ name: z.string().trim().min(1, 'Name the batch.').max(200) }),
    result: batchViewSchema,
  },
  /** The spreadsheet its rows came from, with each row's number in the file; null for a batch without one. */
  'batches:sheet': { params: oneBatch, result: batchSheetSchema.nullable() },
  'batches:resume': { params: oneBatch, result: batchViewSchema },
  /** Drops the rows not sent yet; rows already sent go on. */
  'batches:cancel': { params: oneBatch, result: batchViewSchema },
  /** Sends refused rows again and requeues failed jobs. */
  'batches:retryFailed': {
    params: oneBatch,
    result: z.object({ resent: z.number().int(), requeued: z.number().int() }),
  },
  /** Downloads every finished row's file, named by the batch's template (or the account's). */
  'batches:download': {
    params: oneBatch,
    result: z.object({
      queued: z.array(z.string()),
      skipped: z.array(z.string()),
      saved: z.array(z.string()),
    }),
  },
  /** The spreadsheet back, with each row's job id, status, output path and local file; null: cancelled. */
  'batches:export': {
    params: oneBatch.extend({ format: z.enum(['csv', 'xlsx']) }),
    result: z.object({ path: z.string().nullable(), rows: z.number().int() }),
  },
} as const;

export const batchEvents = {
  'batches:changed': batchesChangedSchema,
} as const;
