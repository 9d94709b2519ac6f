// The record of `jrs schema --json`: the JSON Schema of a command's records (or of every command's).
import { z } from 'zod';
import { defineRecord } from './define-record';

export const schemaRecordSchema = defineRecord(
  'schema',
  'The JSON Schema of the records a command prints with --json (command null: every command’s).',
  { command: z.string().nullable(), schema: z.record(z.string(), z.unknown()) },
);
