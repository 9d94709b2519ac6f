// Every record `jrs … --json` prints, one union on `type`: Output.record takes only these, so what a
// command prints is typed by the same schemas `jrs schema` describes it with.
import type { z } from 'zod';
import { accountRecordSchema, removedRecordSchema, storageRecordSchema } from './account-records';
import { batchRecordSchema, previewRecordSchema, summaryRecordSchema } from './batch-records';
import { downloadRecordSchema, exportRecordSchema } from './download-records';
import { errorRecordSchema } from './error-record';
import { sandboxRecordSchema, serveRecordSchema } from './host-records';
import { discardedRecordSchema, jobRecordSchema, requeueRecordSchema, rowRecordSchema } from './job-records';
import { fieldRecordSchema, projectRecordSchema } from './project-records';
import { schemaRecordSchema } from './schema-record';
import {
  copiedRecordSchema,
  forgottenRecordSchema,
  teamNameRecordSchema,
  teamRecordSchema,
} from './team-records';

export const RECORDS = {
  account: accountRecordSchema,
  removed: removedRecordSchema,
  storage: storageRecordSchema,
  project: projectRecordSchema,
  field: fieldRecordSchema,
  job: jobRecordSchema,
  preview: previewRecordSchema,
  batch: batchRecordSchema,
  row: rowRecordSchema,
  summary: summaryRecordSchema,
  download: downloadRecordSchema,
  requeue: requeueRecordSchema,
  discarded: discardedRecordSchema,
  export: exportRecordSchema,
  sandbox: sandboxRecordSchema,
  serve: serveRecordSchema,
  schema: schemaRecordSchema,
  team: teamRecordSchema,
  forgotten: forgottenRecordSchema,
  copied: copiedRecordSchema,
  teamName: teamNameRecordSchema,
  error: errorRecordSchema,
} as const;

export type RecordType = keyof typeof RECORDS;

/** A --json line: one of the records above. */
export type JsonRecord = z.infer<(typeof RECORDS)[RecordType]>;
