// `jrs sandbox [flags]`: the built-in sandbox in the foreground, with the flags of `npm run sandbox`
// (electron/sandbox/cli-options.ts), until Ctrl-C. It prints its address and demo keys, ready for
// JRS_BASE_URL and JRS_API_KEY in another terminal.
import { Command } from 'commander';
import { parseSandboxFlags, sandboxUsage, type SandboxCli } from '../../sandbox/cli-options';
import { UsageError } from '../cli-error';
import type { CliRun } from '../cli-run';
import { untilStopped } from '../until-stopped';
import { summaryOf } from '../command-summaries';
import { action } from './action';

async function sandbox(run: CliRun, args: string[]): Promise<void> {
  let parsed: SandboxCli;
  try {
    parsed = parseSandboxFlags(args, run.path('.'));
  } catch (error) {
    throw new UsageError((error as Error).message, 'See the flags with: jrs sandbox --help');
  }
  const { out } = run;
  if (parsed.help) {
    run.io.stdout.write(`${sandboxUsage('jrs sandbox')}\n`);
    return;
  }
  const { startSandbox } = await import('../../sandbox');
  const running = await startSandbox({
    ...parsed.options,
    log: (line) => (parsed.verbose || line.startsWith('worker') ? out.note(line) : undefined),
  });
  out.record({ type: 'sandbox', url: running.url, apiKeys: [...running.apiKeys] });
  out.line(`Sandbox listening on ${running.url}`);
  running.apiKeys.forEach((key, index) => out.line(`API key of account ${index + 1}: ${key}`));
  out.note(
    out.err.dim(
      `In another terminal: export JRS_BASE_URL=${running.url} JRS_API_KEY=${running.apiKeys[0] ?? ''}\nPress Ctrl+C to stop.`,
    ),
  );
  await untilStopped(run.signal);
  await running.close();
  out.note('Sandbox stopped.');
}

export function sandboxCommand(run: CliRun): Command {
  return (
    new Command('sandbox')
      .description(summaryOf('sandbox'))
      // Its flags are the sandbox's own, read by the sandbox's parser.
      .helpOption(false)
      .allowUnknownOption()
      .allowExcessArguments()
      .argument('[flags...]')
      .action(action(run, async (flags: string[]) => sandbox(run, flags)))
  );
}
