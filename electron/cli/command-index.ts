// Every top-level `jrs` command: its name, the line `jrs --help` shows for it, and where its definition
// lives, loaded only when that command runs or its own help is asked for. So `jrs --help` and
// `jrs --version` load no command (nor zod, the core or the history) and start about as fast as Node itself.
// Each command takes its description from here (`summaryOf`); a test checks the list matches them all.
import type { Command } from 'commander';
import type { CliRun } from './cli-run';

export interface CommandEntry {
  name: string;
  /** The command and its arguments as `jrs --help` lists them (commander's own form). */
  term: string;
  summary: string;
  /** The module's commands (some modules define more than one top-level command). */
  load(run: CliRun): Promise<Command[]>;
}

const one = (command: Command): Command[] => [command];

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'accounts',
    term: 'accounts',
    summary: 'list, add, choose and remove saved accounts',
    load: async (run) => one((await import('./commands/accounts')).accountsCommand(run)),
  },
  {
    name: 'projects',
    term: 'projects',
    summary: 'the active account’s active projects',
    load: async (run) => (await import('./commands/projects')).projectsCommands(run),
  },
  {
    name: 'fields',
    term: 'fields <project>',
    summary: 'the fields a project’s jobs fill',
    load: async (run) => (await import('./commands/projects')).projectsCommands(run),
  },
  {
    name: 'submit',
    term: 'submit [options] <project>',
    summary: 'submit one job of a project, as the app’s form does',
    load: async (run) => one((await import('./commands/submit')).submitCommand(run)),
  },
  {
    name: 'batch',
    term: 'batch [options] <project>',
    summary: 'make a spreadsheet into jobs of a project, wait for them, and save their files',
    load: async (run) => one((await import('./commands/batch')).batchCommand(run)),
  },
  {
    name: 'jobs',
    term: 'jobs [options]',
    summary: 'the active account’s jobs, newest first',
    load: async (run) => one((await import('./commands/jobs')).jobsCommand(run)),
  },
  {
    name: 'track',
    term: 'track [options] <id>',
    summary: 'add a job to the history by its id at the service, and wait until it is finished',
    load: async (run) => one((await import('./commands/track')).trackCommand(run)),
  },
  {
    name: 'requeue',
    term: 'requeue [options] <id...>',
    summary: 'send jobs back to the service’s queue to run again (says the cost and asks first)',
    load: async (run) => one((await import('./commands/requeue')).requeueCommand(run)),
  },
  {
    name: 'resubmit',
    term: 'resubmit <id...>',
    summary: 'send again jobs whose outcome is unknown (check first that the service has not got them)',
    load: async (run) => (await import('./commands/unknown-outcome')).unknownOutcomeCommands(run),
  },
  {
    name: 'discard',
    term: 'discard <id...>',
    summary: 'forget jobs whose outcome is unknown',
    load: async (run) => (await import('./commands/unknown-outcome')).unknownOutcomeCommands(run),
  },
  {
    name: 'download',
    term: 'download [options] [id...]',
    summary: 'save finished jobs’ files (the account’s download folder, or --to)',
    load: async (run) => one((await import('./commands/download')).downloadCommand(run)),
  },
  {
    name: 'export',
    term: 'export [options]',
    summary: 'write the jobs of the history to a CSV file',
    load: async (run) => one((await import('./commands/export')).exportCommand(run)),
  },
  {
    name: 'sandbox',
    term: 'sandbox [flags...]',
    summary: 'run the built-in sandbox service in the foreground (see: jrs sandbox --help)',
    load: async (run) => one((await import('./commands/sandbox')).sandboxCommand(run)),
  },
  {
    name: 'serve',
    term: 'serve [options]',
    summary: 'run the app in a browser on this computer',
    load: async (run) => one((await import('./commands/serve')).serveCommand(run)),
  },
  {
    name: 'schema',
    term: 'schema [command]',
    summary: 'the JSON Schema of what a command prints with --json (every command’s without one)',
    load: async (run) => one((await import('./commands/schema')).schemaCommand(run)),
  },
];

/** The line `jrs --help` shows for a command: each command's `.description()` is this. */
export function summaryOf(name: string): string {
  const entry = COMMANDS.find((command) => command.name === name);
  if (!entry) throw new Error(`No command "${name}" in the command index.`);
  return entry.summary;
}

/** Global options that take no value and may come before the command's name. */
const GLOBAL_FLAGS = new Set(['--json', '--verbose']);

/** The command a run asks for (`jrs [--json] jobs …`, or `jrs help jobs`), or null. */
export function commandAskedFor(argv: readonly string[]): CommandEntry | null {
  const words = argv.filter((word) => !GLOBAL_FLAGS.has(word));
  const first = words[0] === 'help' ? words[1] : words[0];
  return COMMANDS.find((command) => command.name === first) ?? null;
}
