// The JSON Schema of what `jrs … --json` prints, made from the records' zod schemas (z.toJSONSchema):
// each line is one of the records under $defs, told apart by its `type`.
import { z } from 'zod';
import { COMMAND_RECORDS, type CommandName } from './command-records';
import { recordRegistry } from './define-record';
import { RECORDS, type RecordType } from './json-record';

function unionOf(types: readonly RecordType[]) {
  const [first, ...rest] = types.map((type) => RECORDS[type]);
  if (!first) throw new Error('A schema needs at least one record.');
  return z.discriminatedUnion('type', [first, ...rest]);
}

/** Every record type once, in the order of RECORDS. */
const ALL_TYPES = Object.keys(RECORDS) as RecordType[];

/**
 * The schema of one line of `jrs <command> --json` (its records, and `error`); without a command, of any
 * line of any command.
 */
export function jsonSchemaOf(command?: CommandName): Record<string, unknown> {
  const types: readonly RecordType[] = command ? [...COMMAND_RECORDS[command], 'error'] : ALL_TYPES;
  const { $schema, ...schema } = z.toJSONSchema(unionOf(types), {
    metadata: recordRegistry,
    target: 'draft-2020-12',
  });
  return {
    $schema,
    title: command ? `jrs ${command} --json` : 'jrs --json',
    description: `One line of ${command ? `“jrs ${command} --json”` : 'any “jrs … --json”'}: a JSON object whose "type" says which record it is.`,
    ...schema,
  };
}
