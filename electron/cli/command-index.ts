// Every top-level `jrs` command: its name, the line `jrs --help` shows for it, and where its definition
// lives, loaded only when that command runs or its own help is asked for. So `jrs --help` and
// `jrs --version` load no command (nor zod, the core or the history) and start about as fast as Node itself.
// Each command takes its description from command-summaries.ts, as this list does; a test checks the list
// matches the commands.
import type { Command } from 'commander';
import type { CliRun } from './cli-run';
import { SUMMARIES } from './command-summaries';

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
    summary: SUMMARIES.accounts,
    load: async (run) => one((await import('./commands/accounts')).accountsCommand(run)),
  },
  {
    name: 'projects',
    term: 'projects',
    summary: SUMMARIES.projects,
    load: async (run) => (await import('./commands/projects')).projectsCommands(run),
  },
  {
    name: 'fields',
    term: 'fields <project>',
    summary: SUMMARIES.fields,
    load: async (run) => (await import('./commands/projects')).projectsCommands(run),
  },
  {
    name: 'submit',
    term: 'submit [options] <project>',
    summary: SUMMARIES.submit,
    load: async (run) => one((await import('./commands/submit')).submitCommand(run)),
  },
  {
    name: 'batch',
    term: 'batch [options] <project>',
    summary: SUMMARIES.batch,
    load: async (run) => one((await import('./commands/batch')).batchCommand(run)),
  },
  {
    name: 'jobs',
    term: 'jobs [options]',
    summary: SUMMARIES.jobs,
    load: async (run) => one((await import('./commands/jobs')).jobsCommand(run)),
  },
  {
    name: 'track',
    term: 'track [options] <id>',
    summary: SUMMARIES.track,
    load: async (run) => one((await import('./commands/track')).trackCommand(run)),
  },
  {
    name: 'requeue',
    term: 'requeue [options] <id...>',
    summary: SUMMARIES.requeue,
    load: async (run) => one((await import('./commands/requeue')).requeueCommand(run)),
  },
  {
    name: 'resubmit',
    term: 'resubmit <id...>',
    summary: SUMMARIES.resubmit,
    load: async (run) => (await import('./commands/unknown-outcome')).unknownOutcomeCommands(run),
  },
  {
    name: 'discard',
    term: 'discard <id...>',
    summary: SUMMARIES.discard,
    load: async (run) => (await import('./commands/unknown-outcome')).unknownOutcomeCommands(run),
  },
  {
    name: 'download',
    term: 'download [options] [id...]',
    summary: SUMMARIES.download,
    load: async (run) => one((await import('./commands/download')).downloadCommand(run)),
  },
  {
    name: 'export',
    term: 'export [options]',
    summary: SUMMARIES.export,
    load: async (run) => one((await import('./commands/export')).exportCommand(run)),
  },
  {
    name: 'sandbox',
    term: 'sandbox [flags...]',
    summary: SUMMARIES.sandbox,
    load: async (run) => one((await import('./commands/sandbox')).sandboxCommand(run)),
  },
  {
    name: 'serve',
    term: 'serve [options]',
    summary: SUMMARIES.serve,
    load: async (run) => one((await import('./commands/serve')).serveCommand(run)),
  },
  {
    name: 'schema',
    term: 'schema [command]',
    summary: SUMMARIES.schema,
    load: async (run) => one((await import('./commands/schema')).schemaCommand(run)),
  },
  {
    name: 'team',
    term: 'team',
    summary: SUMMARIES.team,
    load: async (run) => one((await import('./commands/team')).teamCommand(run)),
  },
];

/** Global options that take no value and may come before the command's name. */
const GLOBAL_FLAGS = new Set(['--json', '--verbose']);

/** The command a run asks for (`jrs [--json] jobs …`, or `jrs help jobs`), or null. */
export function commandAskedFor(argv: readonly string[]): CommandEntry | null {
  const words = argv.filter((word) => !GLOBAL_FLAGS.has(word));
  const first = words[0] === 'help' ? words[1] : words[0];
  return COMMANDS.find((command) => command.name === first) ?? null;
}
