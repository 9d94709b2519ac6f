// Starts the built-in sandbox for the demo account: the default seed, whose first account takes a key made
// here for this run (no keychain involved; the sandbox keeps only its hash, beside those of the other live
// processes on the folder), on a free loopback port, with its data in the folder core gives (in userData).
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxLauncher } from '../core/app/app-core.types';
import { ensurePrivateFile, PRIVATE_FILE_MODE } from '../core/db/private-files';
import type { RunningSandbox, SandboxSeedInput } from '../sandbox';
import { defaultSeedPath } from '../sandbox/default-seed';

/** A packaged app has the seed beside app.asar (extraResources in electron-builder.yml); a dev run, in resources/. */
export function sandboxSeedPath(options: { isPackaged: boolean; resourcesPath: string }): string {
  return options.isPackaged ? join(options.resourcesPath, 'sandbox-seed.json') : defaultSeedPath();
}

/** `seedPath` is read at each start; tests may hand a `seed` object instead. */
export function createSandboxLauncher(
  options: ({ seedPath: string } | { seed: SandboxSeedInput }) & {
    log?: (line: string) => void;
    /** Tests look inside the sandbox they were given (its files, its faults). */
    onStarted?: (running: RunningSandbox) => void;
  },
): SandboxLauncher {
  return {
    async start({ dataDir }) {
      // Loaded only when the sandbox account is used: people on a real account never pay for it at start-up.
      const { loadSeedFile, startSandbox } = await import('../sandbox');
      const seed = 'seed' in options ? options.seed : loadSeedFile(options.seedPath);
      // Lives in this process's memory only; the seed's own first key is public (it is in the repository).
      const apiKey = `sandbox-${randomBytes(24).toString('hex')}`;
      const start = (port: number) =>
        startSandbox({ port, seed, runKey: { key: apiKey }, dataDir, log: options.log });
      // The port of the last start, when free: the links it signed (uploads in queued jobs and in the
      // upload cache) keep working across restarts. Else any free port.
      const last = lastPort(dataDir);
      const running = await (last ? start(last).catch(() => start(0)) : start(0));
      if (dataDir) rememberPort(dataDir, running.port);
      options.onStarted?.(running);
      return { url: running.url, apiKey, close: () => running.close() };
    },
  };
}

const portFile = (dataDir: string) => join(dataDir, 'port.txt');

function lastPort(dataDir: string | null): number | null {
  if (!dataDir) return null;
  try {
    const port = Number(readFileSync(portFile(dataDir), 'utf8').trim());
    return Number.isInteger(port) && port >= 1024 && port <= 65535 ? port : null;
  } catch {
    return null;
  }
}

function rememberPort(dataDir: string, port: number): void {
  try {
    // Owner-only like everything in the data folder (an older version left it 0644: tightened here).
    writeFileSync(portFile(dataDir), String(port), { mode: PRIVATE_FILE_MODE });
    ensurePrivateFile(portFile(dataDir));
  } catch {
    // Only a convenience: the next start takes another port.
  }
}
