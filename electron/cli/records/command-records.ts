// Which records each command prints with --json (besides `error`, which any of them may end with). The
// keys are the commands of `jrs --help`; a test holds them to the program's list.
import type { RecordType } from './json-record';

export const COMMAND_RECORDS = {
  accounts: ['account', 'removed', 'storage'],
  projects: ['project'],
  fields: ['field'],
  submit: ['job', 'download'],
  batch: ['preview', 'batch', 'row', 'download', 'summary'],
  jobs: ['job'],
  track: ['job', 'download'],
  requeue: ['requeue'],
  resubmit: ['job'],
  discard: ['discarded'],
  download: ['download'],
  export: ['export'],
  sandbox: ['sandbox'],
  serve: ['serve'],
  schema: ['schema'],
  team: ['team', 'forgotten', 'teamName', 'copied'],
} as const satisfies Record<string, readonly RecordType[]>;

export type CommandName = keyof typeof COMMAND_RECORDS;

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMAND_RECORDS, name);
}
