// Starts the built-in sandbox for the demo account: the default seed, whose first account takes the key the
// app chose, on a free loopback port, with its data in the folder core gives (inside userData).
import { join } from 'node:path';
import type { SandboxLauncher } from '../core/app/app-core.types';
import type { SandboxSeedInput } from '../sandbox';
import { defaultSeedPath } from '../sandbox/default-seed';

/** A packaged app has the seed beside app.asar (extraResources in electron-builder.yml); a dev run, in resources/. */
export function sandboxSeedPath(options: { isPackaged: boolean; resourcesPath: string }): string {
  return options.isPackaged ? join(options.resourcesPath, 'sandbox-seed.json') : defaultSeedPath();
}

/** `seedPath` is read at each start; tests may hand a `seed` object instead. */
export function createSandboxLauncher(
  options: ({ seedPath: string } | { seed: SandboxSeedInput }) & { log?: (line: string) => void },
): SandboxLauncher {
  return {
    async start({ apiKey, dataDir }) {
      // Loaded only when the sandbox account is used: people on a real account never pay for it at start-up.
      const { loadSeedFile, startSandbox, withFirstAccountKey } = await import('../sandbox');
      const seed = 'seed' in options ? options.seed : loadSeedFile(options.seedPath);
      const running = await startSandbox({
        port: 0,
        seed: withFirstAccountKey(seed, apiKey),
        dataDir,
        log: options.log,
      });
      return { url: running.url, close: () => running.close() };
    },
  };
}
