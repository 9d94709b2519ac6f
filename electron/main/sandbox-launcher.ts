// Starts the built-in sandbox for the demo account: the default seed, whose first account takes the key the
// app chose, on a free loopback port, with its data in the folder core gives (inside userData).
import { join } from 'node:path';
import type { SandboxLauncher } from '../core/app/app-core.types';
import { loadSeedFile, startSandbox } from '../sandbox';
import { defaultSeedPath } from '../sandbox/default-seed';

/** A packaged app has the seed beside app.asar (extraResources in electron-builder.yml); a dev run, in resources/. */
export function sandboxSeedPath(options: { isPackaged: boolean; resourcesPath: string }): string {
  return options.isPackaged ? join(options.resourcesPath, 'sandbox-seed.json') : defaultSeedPath();
}

export function createSandboxLauncher(options: {
  seedPath: string;
  log?: (line: string) => void;
}): SandboxLauncher {
  return {
    async start({ apiKey, dataDir }) {
      const seed = loadSeedFile(options.seedPath);
      const [first, ...rest] = seed.accounts;
      if (!first) throw new Error(`The sandbox seed ${options.seedPath} has no account.`);
      // The seed's own demo key is public (it is in the repository); the app's random key replaces it.
      const running = await startSandbox({
        port: 0,
        seed: { accounts: [{ ...first, apiKey }, ...rest] },
        dataDir,
        log: options.log,
      });
      return { url: running.url, close: () => running.close() };
    },
  };
}
