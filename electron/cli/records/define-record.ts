// How a --json record is declared: a zod object whose first field is `type` (a literal naming it), kept in
// the records' own registry, from which `jrs schema` makes JSON Schema (each record once, under its type).
import { z } from 'zod';

export interface RecordMeta {
  /** The record's `type`, also its name in the JSON Schema's $defs. */
  id: string;
  /** What the record says, for the people who write the scripts. */
  description: string;
}

export const recordRegistry = z.registry<RecordMeta>();

export function defineRecord<const T extends string, S extends z.ZodRawShape>(
  type: T,
  description: string,
  shape: S,
) {
  const schema = z.object({ type: z.literal(type), ...shape });
  recordRegistry.add(schema, { id: type, description });
  return schema;
}
