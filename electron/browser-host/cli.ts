// `npm start -- --browser` (and `npm start` where Electron's binary is missing): starts the browser host,
// opens the person's browser on it (or prints the address where there is no display), and stops cleanly
// on Ctrl-C.
import { hasDisplay } from '../node-host/system-shell';
import { startBrowserHost } from './start-browser-host';

export async function serve(options: { port?: number; open?: boolean } = {}): Promise<void> {
  const log = (line: string) => console.error(`[host] ${line}`);
  const running = await startBrowserHost({ port: options.port, log });
  const { url } = running.host;
  console.log(`Job Rendering Studio is running at ${url}`);
  if (options.open !== false && hasDisplay()) {
    const { default: open } = await import('open');
    await open(url).catch(() => console.log('Open that address in a browser on this computer.'));
  } else {
    console.log('Open that address in a browser on this computer. Press Ctrl+C to stop.');
  }
  const stop = () => {
    console.log('Stopping…');
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (require.main === module) {
  const port = argValue('--port');
  serve({ port: port ? Number(port) : undefined, open: !process.argv.includes('--no-open') }).catch(
    (error: unknown) => {
      console.error(`The app could not start: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
