// The app core as a host without Electron opens it (the browser host, the command line): the same data
// folder, keychain service, built-in sandbox and default download folder as the desktop app, so all of
// them work on one history. Each host adds what only it can do (dialogs, files, notifications).
import type { AppCore, AppCoreDeps } from '../core/app/app-core.types';
import { createAppCore } from '../core/app/create-app-core';
import { defaultSeedPath } from '../sandbox/default-seed';
import { downloadsDir, userDataDir } from './host-paths';
import { hostInstallation } from './installation';
import { installationKeychain } from './installation-keychain';
import { createSandboxLauncher } from './sandbox-launcher';
import { openExternalWithSystem } from './system-shell';

export type HostCoreOptions = Partial<AppCoreDeps>;

/** The deps every Node host starts from; `overrides` win (tests pass their own folder and keychain). */
export function hostCoreDeps(overrides: HostCoreOptions = {}): AppCoreDeps {
  return {
    dataDir: userDataDir(),
    downloadsDir: downloadsDir(),
    secrets: installationKeychain(hostInstallation()),
    sandbox: createSandboxLauncher({ seedPath: defaultSeedPath() }),
    openExternal: openExternalWithSystem,
    ...overrides,
  };
}

export function openHostCore(overrides: HostCoreOptions = {}): Promise<AppCore> {
  return createAppCore(hostCoreDeps(overrides));
}
