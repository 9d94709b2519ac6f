// Each top-level command's line in `jrs --help`. The commands take their description from here and the
// command index lists them with it, so neither imports the other (the index loads the commands lazily).

export const SUMMARIES = {
  accounts: 'list, add, choose and remove saved accounts',
  projects: 'the active account’s active projects',
  fields: 'the fields a project’s jobs fill',
  submit: 'submit one job of a project, as the app’s form does',
  batch: 'make a spreadsheet into jobs of a project, wait for them, and save their files',
  jobs: 'the active account’s jobs, newest first',
  track: 'add a job to the history by its id at the service, and wait until it is finished',
  requeue: 'send jobs back to the service’s queue to run again (says the cost and asks first)',
  resubmit: 'send again jobs whose outcome is unknown (check first that the service has not got them)',
  discard: 'forget jobs whose outcome is unknown',
  download: 'save finished jobs’ files (the account’s download folder, or --to)',
  export: 'write the jobs of the history to a CSV file',
  sandbox: 'run the built-in sandbox service in the foreground (see: jrs sandbox --help)',
  serve: 'run the app in a browser on this computer',
  schema: 'the JSON Schema of what a command prints with --json (every command’s without one)',
  team: 'connect this computer to the team’s database, copy its history in, see where the history lives, or forget it',
} as const;

export type CommandName = keyof typeof SUMMARIES;

/** The line `jrs --help` shows for a command: each command's `.description()` is this. */
export function summaryOf(name: CommandName): string {
  return SUMMARIES[name];
}
