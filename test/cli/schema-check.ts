// Checks --json lines against the JSON Schema that `jrs schema <command>` prints (ajv, draft 2020-12, with
// formats), as a script or an agent would: the schema is read from jrs's own output, not imported.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { jrs, type CliResult, type CliWorld } from './cli-harness';

/** A strict ajv: an unknown keyword or a schema that is not one fails to compile. */
export function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** The schema `jrs schema [command]` prints, parsed. */
export async function printedSchema(world: CliWorld, command?: string): Promise<Record<string, unknown>> {
  const result = await jrs(world, command ? ['schema', command] : ['schema']);
  expect(result.code, result.stderr).toBe(EXIT.ok);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** Validates every line of a --json run against the command's printed schema; answers the lines' types. */
export class SchemaCheck {
  private readonly validators = new Map<string, ValidateFunction>();
  /** Every record type met, for the test to see that each one was printed at least once. */
  readonly seen = new Set<string>();

  constructor(private readonly world: CliWorld) {}

  async lines(command: string, result: CliResult): Promise<string[]> {
    let validate = this.validators.get(command);
    if (!validate) {
      validate = strictAjv().compile(await printedSchema(this.world, command));
      this.validators.set(command, validate);
    }
    const lines = result.stdout.split('\n').filter((line) => line !== '');
    expect(lines.length, `jrs ${command} --json printed nothing`).toBeGreaterThan(0);
    const types: string[] = [];
    for (const line of lines) {
      const record = JSON.parse(line) as { type: string };
      const valid = validate(record);
      // What is wrong with it as the record its type names (not as every other record of the oneOf).
      const own = validate.errors?.filter((error) => error.schemaPath.startsWith(`#/$defs/${record.type}/`));
      const why = JSON.stringify(own?.length ? own : validate.errors);
      expect(valid, `jrs ${command} printed ${line.slice(0, 300)}\n${why}`).toBe(true);
      types.push(record.type);
      this.seen.add(record.type);
    }
    return types;
  }
}
