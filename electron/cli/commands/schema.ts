// `jrs schema [command]`: the JSON Schema of what a command prints with --json (every command's without
// one), for scripts and agents to check or generate types from. Made from the records' zod schemas; it
// opens no history, keychain or network.
import { Command } from 'commander';
import { UsageError } from '../cli-error';
import type { CliRun } from '../cli-run';
import { COMMAND_RECORDS, isCommandName } from '../records/command-records';
import { jsonSchemaOf } from '../records/json-schema';
import { summaryOf } from '../command-summaries';
import { action } from './action';

async function schema(run: CliRun, name: string | undefined): Promise<void> {
  if (name !== undefined && !isCommandName(name)) {
    throw new UsageError(
      `No command is called “${name}”.`,
      `Give one of: ${Object.keys(COMMAND_RECORDS).join(', ')} (or none, for every command).`,
    );
  }
  const printed = jsonSchemaOf(name);
  const { out } = run;
  out.record({ type: 'schema', command: name ?? null, schema: printed });
  // For people and files (jrs schema jobs > jobs.schema.json): the schema itself, indented.
  out.line(JSON.stringify(printed, null, 2));
}

export function schemaCommand(run: CliRun): Command {
  return new Command('schema')
    .description(summaryOf('schema'))
    .argument('[command]', 'a command, e.g. jobs')
    .action(action(run, async (name: string | undefined) => schema(run, name)));
}
