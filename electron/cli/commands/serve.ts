// `jrs serve [--port N] [--no-open]`: the app in a browser on this computer (the browser host), on the same
// history and keychain, until Ctrl-C. Loaded only when asked for.
import { Command } from 'commander';
import { userDataDir } from '../../node-host/host-paths';
import { hasDisplay } from '../../node-host/system-shell';
import type { CliRun } from '../cli-run';
import { wholeNumber } from '../arg-parsers';
import { untilStopped } from '../until-stopped';
import { action } from './action';

async function serve(run: CliRun, options: { port?: number; open: boolean }): Promise<void> {
  // Loaded only here: the other commands never pay for the HTTP and WebSocket servers.
  const { startBrowserHost: start } = await import('../../browser-host/start-browser-host');
  const { out } = run;
  const running = await start({
    port: options.port,
    rendererDir: run.io.rendererDir,
    log: (line) => out.debug(line),
    core: {
      dataDir: userDataDir(run.io.env),
      ...(run.io.secrets ? { secrets: run.io.secrets } : {}),
      ...run.io.core,
    },
  });
  const { url } = running.host;
  out.record({ type: 'serve', url });
  out.line(`Job Rendering Studio is running at ${url}`);
  if (options.open && hasDisplay(run.io.env)) {
    const { default: open } = await import('open');
    await open(url).catch(() => out.note('Open that address in a browser on this computer.'));
  } else {
    out.note('Open that address in a browser on this computer.');
  }
  out.note('Press Ctrl+C to stop.');
  await untilStopped(run.signal);
  await running.close();
}

export function serveCommand(run: CliRun): Command {
  return new Command('serve')
    .description('run the app in a browser on this computer')
    .option('--port <n>', 'the port on 127.0.0.1', wholeNumber(0, 65_535))
    .option('--no-open', 'print the address instead of opening a browser')
    .action(action(run, async (options: { port?: number; open: boolean }) => serve(run, options)));
}
