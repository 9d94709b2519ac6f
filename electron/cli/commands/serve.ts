// `jrs serve [--port N] [--no-open]`: the app in a browser on this computer (the browser host), on the same
// history and keychain, until Ctrl-C. The browser is given an owner-only file that redirects to a
// single-use sign-in link (never the link itself, which `ps` would show to every local user); with
// --no-open the link is printed. Enter in the terminal makes a fresh link. Loaded only when asked for.
import { Command } from 'commander';
import { AppError } from '../../core/kernel/app-error';
import { userDataDir } from '../../node-host/host-paths';
import { hasDisplay } from '../../node-host/system-shell';
import type { CliRun } from '../cli-run';
import { wholeNumber } from '../arg-parsers';
import { untilStopped } from '../until-stopped';
import { summaryOf } from '../command-summaries';
import { action } from './action';
import { teamHistoryFor } from '../../core/team/team-connection';
import { hostInstallation } from '../../node-host/installation';
import { installationKeychain } from '../../node-host/installation-keychain';

async function openWithSystem(target: string): Promise<void> {
  const { default: open } = await import('open');
  await open(target);
}

async function serve(run: CliRun, options: { port?: number; open: boolean }): Promise<void> {
  // Loaded only here: the other commands never pay for the HTTP and WebSocket servers.
  const { startBrowserHost: start } = await import('../../browser-host/start-browser-host');
  const { out } = run;
  const secrets = run.io.secrets ?? installationKeychain(hostInstallation(), run.io.env);
  const running = await start({
    port: options.port,
    rendererDir: run.io.rendererDir,
    log: (line) => out.debug(line),
    core: {
      dataDir: userDataDir(run.io.env),
      // JRS_DATABASE_URL, else the team database saved with jrs team connect, else this computer's.
      team: await teamHistoryFor(secrets, run.io.env, (line) => out.warn(line)),
      secrets,
      ...run.io.core,
    },
  });
  const openInBrowser = run.io.openInBrowser ?? openWithSystem;
  const opens = options.open && hasDisplay(run.io.env);

  /** Opens the browser on a fresh sign-in file, or prints a fresh link where no browser is opened. */
  const signIn = async (fresh: boolean) => {
    if (opens) {
      const file = await running.signInFile();
      out.record({ type: 'serve', url: running.host.origin, signInFile: file });
      const opened = await openInBrowser(file).then(
        () => true,
        () => false,
      );
      if (opened) {
        out.line(`Job Rendering Studio is open in your browser (${running.host.origin}).`);
        // Some browsers (snap packages) may not open files in the data folder: the printed link always works.
        out.note(
          'If the browser shows no app, stop this and run "jrs serve --no-open" to get a link to open.',
        );
        return;
      }
    }
    const link = fresh ? running.host.signInUrl() : running.host.url;
    out.record({ type: 'serve', url: link });
    out.line(`Job Rendering Studio is running. Sign in at ${link}`);
    out.note('Open that address in a browser on this computer. It works once, within a minute.');
  };
  /** A sign-in that fails (the data folder full or not writable) is said; the host keeps serving. */
  const trySignIn = (fresh: boolean) =>
    signIn(fresh).catch((error: unknown) => {
      out.warn(
        error instanceof AppError ? error.message : `No new sign-in link could be made: ${String(error)}`,
      );
      out.note('Press Enter to try again, or stop this and run "jrs serve --no-open" to get a link to open.');
    });

  // Each line typed (Enter) makes a new link: one per sign-in, since each works once.
  const onLine = (chunk: Buffer | string) => {
    if (!String(chunk).includes('\n')) return;
    void trySignIn(true);
  };
  try {
    await trySignIn(false);
    out.note('Press Enter for a new sign-in link, Ctrl+C to stop.');
    run.io.stdin.on?.('data', onLine);
    await untilStopped(run.signal);
  } finally {
    run.io.stdin.off?.('data', onLine);
    run.io.stdin.pause?.();
    await running.close();
  }
}

export function serveCommand(run: CliRun): Command {
  return new Command('serve')
    .description(summaryOf('serve'))
    .option('--port <n>', 'the port on 127.0.0.1', wholeNumber(0, 65_535))
    .option('--no-open', 'print a sign-in address instead of opening a browser')
    .action(action(run, async (options: { port?: number; open: boolean }) => serve(run, options)));
}
