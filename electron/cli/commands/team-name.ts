// `jrs team name [NAME]`: the name this installation records on every job it submits (issue 19), the same
// setting as the app's Settings → Your name on the team. Without NAME it is shown; with one it is set (the
// core checks it and says a refusal in words, exit 2); --default goes back to the OS user and host.
import { Command } from 'commander';
import type { CliRun } from '../cli-run';
import { action } from './action';

interface NameOptions {
  default?: boolean;
}

async function teamName(run: CliRun, name: string | undefined, options: NameOptions): Promise<void> {
  const session = await run.openCore({ envAccount: false });
  const changing = options.default === true || name !== undefined;
  const view = options.default
    ? await session.call('team:setName', { name: null })
    : name !== undefined
      ? await session.call('team:setName', { name })
      : await session.call('team:name');
  run.out.record({ type: 'teamName', ...view });
  const what = view.isDefault ? ' (the default: this computer’s user and host)' : '';
  run.out.line(
    changing
      ? `Your name on the team is now: ${view.name}${what}`
      : `Your name on the team: ${view.name}${what}`,
  );
  if (changing) run.out.note('Jobs you submit from now on show it; earlier jobs keep the name they had.');
  else if (!view.isDefault) run.out.note(`The default is ${view.defaultName} (jrs team name --default).`);
}

export function teamNameCommand(run: CliRun): Command {
  return new Command('name')
    .description('show the name recorded on every job you submit, or set it (1–60 characters)')
    .argument('[name]', 'your name on the team (quote it when it holds spaces)')
    .option('--default', 'go back to the default: this computer’s user and host')
    .action(
      action(run, async (name: string | undefined, options: NameOptions) => teamName(run, name, options)),
    );
}
